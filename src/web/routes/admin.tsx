/** /admin (ROUTE-1): the title 'Admin Page' and the footer only (App adds the footer). */
import styles from './simple-page.module.css';

export default function AdminPage() {
  return (
    <main className={styles.page}>
      <div className={styles.panel}>
        <h1 className={styles.title}>Admin Page</h1>
      </div>
    </main>
  );
}
