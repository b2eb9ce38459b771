package keytx

import "testing"

// TestClaimStmtRender pins the shapes of the claim's code: the test of
// the INSERT's error and of the rows it affected, for pgx's command tag
// and database/sql's Result, in an if's init, at block level, and with
// one body for a failure and a key found.
func TestClaimStmtRender(t *testing.T) {
	const seen, onErr, again = "{\n\treturn nil\n}", "{\n\treturn err\n}", "{\n\treturn err2\n}"
	pgx := claimStmt{exec: `tx.Exec(ctx, "INSERT ...", id)`, result: "tag", errName: "err", seen: seen, onErr: onErr, again: again}
	sql := pgx
	sql.exec, sql.result, sql.rows = `tx.ExecContext(ctx, "INSERT ...", id)`, "res", "n"
	flat := func(cs claimStmt) claimStmt { cs.flat = true; return cs }
	both := func(cs claimStmt) claimStmt { cs.both = true; return cs }
	for _, c := range []struct {
		name string
		cs   claimStmt
		want string
	}{
		{"pgx", pgx, `if tag, err := tx.Exec(ctx, "INSERT ...", id); err != nil {
	return err
} else if tag.RowsAffected() == 0 {
	return nil
}`},
		{"pgx flat", flat(pgx), `tag, err := tx.Exec(ctx, "INSERT ...", id)
if err != nil {
	return err
}
if tag.RowsAffected() == 0 {
	return nil
}`},
		{"pgx both", both(pgx), `if tag, err := tx.Exec(ctx, "INSERT ...", id); err != nil || tag.RowsAffected() == 0 {
	return nil
}`},
		{"sql", sql, `if res, err := tx.ExecContext(ctx, "INSERT ...", id); err != nil {
	return err
} else if n, err := res.RowsAffected(); err != nil {
	return err2
} else if n == 0 {
	return nil
}`},
		{"sql flat", flat(sql), `res, err := tx.ExecContext(ctx, "INSERT ...", id)
if err != nil {
	return err
}
if n, err := res.RowsAffected(); err != nil {
	return err2
} else if n == 0 {
	return nil
}`},
		{"sql both", both(sql), `if res, err := tx.ExecContext(ctx, "INSERT ...", id); err != nil {
	return err
} else if n, err := res.RowsAffected(); err != nil || n == 0 {
	return err2
}`},
	} {
		if got := c.cs.render(); got != c.want {
			t.Errorf("%s: got\n%s\nwant\n%s", c.name, got, c.want)
		}
	}
}
