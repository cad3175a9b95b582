/**
 * The not-found page, served with HTTP 404 for an unknown /stay/{id} or any unknown path (ROUTE-2:
 * the spec's page simply failed; visitors get a way back instead).
 */
import styles from './simple-page.module.css';

export default function NotFoundPage() {
  return (
    <main className={styles.page}>
      <div className={styles.panel}>
        <h1 className={styles.title}>Page not found</h1>
        <p className={styles.text}>This stay or page does not exist, or it has moved.</p>
        <a className={styles.home} href="/">
          See all stays
        </a>
      </div>
    </main>
  );
}
