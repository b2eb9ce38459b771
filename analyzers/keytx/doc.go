// Package keytx defines an Analyzer that reports idempotency keys written
// or checked outside the transaction that commits the effect they guard.
//
// # Analyzer keytx
//
// An idempotency key works only if it is stored in the same transaction as
// the effect it guards. If the key commits on its own, a crash between the
// two commits leaves a key without its effect (the retry is skipped and
// the effect is lost) or an effect without its key (the retry repeats it).
// A check of the key outside the effect's transaction is a race: two
// attempts both find no key and both perform the effect.
//
//	tx, _ := db.BeginTx(ctx, nil)
//	tx.ExecContext(ctx, "INSERT INTO orders (id, total) VALUES ($1, $2)", id, total)
//	db.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key) // reported: on the pool
//	tx.Commit()
//
// Key tables and columns are recognised by name (idempotency, dedup,
// processed_messages, inbox, request_key, and configured key-tables), or
// by their use as a marker of work done: a row looked up by a column,
// other tables written, then a row of that column and little else
// inserted (SELECT EXISTS (... bank_returns WHERE return_id = $1), then
// INSERT INTO bank_returns (return_id)); or, at a composition root, a
// marker's row whose duplicate the caller leaves on, with an ON CONFLICT
// DO NOTHING whose outcome decides or a plain INSERT whose unique
// violation a store renames (if errors.Is(err, store.ErrDuplicate) {
// return nil }); a row an upsert moves (a cursor's position) marks no
// work done. A claim in a transaction's
// callback that answers with the stored resource (INSERT ... ON CONFLICT
// DO NOTHING, then the SELECT of the claimed row) skips nothing outside
// the callback: its answer is no error, and a retry goes on to the
// writes after it; the read of the claimed row is no check of the key.
// Statements are SQL text, or an
// ORM's or a query builder's writes and queries (gorm's, whose First,
// Take and Last read the model's table, and Count the table of the
// model its chain names; bun's; and
// those of the API ent generates: client.ProcessedMessage.Query().
// Where(...).Exist(ctx) checks a key, its Create records one). The
// effect is a local durable write; a key recorded before an external call
// is intentfirst's intent record, not this check's. Statements of the
// functions it calls (sqlc queries, repository helpers) count, on the
// handle the call passes them (store.New(tx), q.WithTx(tx)); a helper
// of another package that claims the key in a transaction it begins and
// runs the caller's function literal in it (idempotency.Do(ctx, db,
// key, func(tx) ...)) commits the key with the literal's writes on
// the transaction it hands the literal; so do the repositories a unit of
// work builds on its transaction and hands its literal (r.Keys.Claim in
// InTx(ctx, func(r *Repos) error), also as a struct of repositories
// built in place on it: fn(ctx, Tx{Checks: &checkRepo{db: g}})), and a
// handle the context chooses
// (s.tx.Q(ctx): the transaction a runner put there, else the database).
// Statements whose handle is of unknown kind (an interface the caller
// chooses) are not compared, nor are two statements that cannot run in one execution:
// in exclusive branches (two subcommands of a switch), or one in a
// function started on a goroutine of its own (a go statement, errgroup's
// or a WaitGroup's Go), which is compared only with its own statements.
// The check applies on retried paths and off them.
//
// The suggested fix runs the key statement on the transaction that
// commits the effect, when that transaction is open at the statement.
// When the key runs in a callee, the fix passes the transaction where
// the key's handle is chosen (store.New(db) becomes store.New(tx)), when
// its type fits the parameter and only key statements run through it.
// A check-then-act becomes a claim: the SELECT of the key turns into an
// INSERT of it that absorbs a duplicate (ON CONFLICT DO NOTHING, MySQL's
// INSERT IGNORE) on the effect's transaction, the test of its answer
// into a test of the rows the INSERT affected, and the later INSERT of
// the key goes. It is offered for a QueryRow whose Scan answers with a
// count, a constant or a missing row, when the transaction is open at
// the check or begins right after it.
//
// A key and an effect that a handler reaches through interfaces (an
// IdempotencyStore that claims the key on the pool, a repository that
// writes the effect in its own transaction) are judged where the
// program's main package links the implementations, unless the handler
// makes an external call, whose place among them the check cannot
// tell: the finding is at the key statement, with each interface and
// its implementation in the chain. A repository made on the handler's
// transaction (repo.WithTx(tx)) writes on it; a key that commits with a
// write of its own transaction is that write's, and is not paired with
// the writes after it. Under go vet and gopls, and under
// golangci-lint, it is reported where main wires the handler's package,
// naming the key statement's function and position; it carries no fix.
//
// An idempotency middleware that looks the request's key up, runs the
// route's handler (next(c), c.Next(), next.ServeHTTP(w, r)), and stores
// the key after it keeps the key apart from the handler's commits,
// whatever its handle: it is reported at the key's write, where the
// composition root links the store. One that writes the key before the
// handler (a claim marked in progress) is not.
//
// A finding without a fix says what to change: claim the key in the
// effect's transaction (an INSERT that absorbs a duplicate, whose rows
// affected decide whether the effect runs), or write the key in that
// transaction before it commits.
package keytx
