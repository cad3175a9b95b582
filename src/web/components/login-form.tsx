/** Stub (issue 4): the /adminlogin form: username, password, 'Continue'. */
export function LoginForm() {
  return (
    <form>
      <label>
        Username <input name="username" autoComplete="username" />
      </label>
      <label>
        Password <input name="password" type="password" autoComplete="current-password" />
      </label>
      <button type="submit">Continue</button>
    </form>
  );
}
