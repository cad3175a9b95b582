/** /adminlogin (ROUTE-1): the title 'Admin Login' and the login form (username, password, 'Continue'). */
import { LoginForm } from '../components/login-form.js';
import styles from './simple-page.module.css';

export default function AdminLoginPage() {
  return (
    <main className={styles.page}>
      <div className={`${styles.panel} ${styles.form}`}>
        <h1 className={styles.title}>Admin Login</h1>
        <LoginForm />
      </div>
    </main>
  );
}
