// Package partialtx defines an Analyzer that reports retried paths whose
// durable writes do not commit together.
//
// # Analyzer partialtx
//
// An operation that writes three rows is idempotent only if every write
// is, or if all of them commit in one transaction. When the writes commit
// one by one, a failure between them leaves part of the operation done,
// and the retry does the done part again:
//
//	func Transfer(w http.ResponseWriter, r *http.Request) {
//		db.ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", amt, from) // reported
//		db.ExecContext(ctx, "UPDATE accounts SET balance = balance + $1 WHERE id = $2", amt, to)
//	}
//
// The check reports, at the first write that is not idempotent, a retried
// path with two or more durable writes whose commit units differ (each on
// a handle that commits every statement, or on different transactions),
// when at least one of them is not idempotent (an INSERT without conflict
// handling, or whose update on a conflict adds to the existing row's
// value; an UPDATE that computes a column from itself) and
// conflict-tolerant inserts (dedup guards) do not cover them all. An
// upsert (ON CONFLICT ... DO UPDATE without a WHERE) is no guard: it
// answers a retry as it answers the first attempt. A row of a log of
// attempts (payment_attempts, audit_log) is meant to be added again, as
// is one more to a count of attempts (attempts = attempts + 1, also an
// upsert's on a conflict) or a delivery's last error stored with it, or
// a run's row whose outcome a literal the function defers writes with
// its error, and
// an INSERT that ignores its duplicate, before any guard and before the
// first write a retry repeats, runs again harmlessly: it is no half of an
// operation. A
// guard covers the writes that run after it and commit in its
// transaction; a guard that commits on its own, or a write on another
// handle, is not covered: after a failure between the writes, the guard
// stops the retry that would finish them, and the message says so (with
// no fix: the writes belong in the guard's transaction, which the check
// does not write). That takes a write apart from the guard's
// transaction that runs only past the guard; when none does, the code
// goes on past the guard whatever it found, and a retry redoes what
// follows. The writes past such a guard need not be ones a retry would
// repeat with harm: where every write is idempotent (a booking cancelled
// by a compare-and-set, then the new booking and the swap's record, each
// with ON CONFLICT DO NOTHING), the finding is at the guard, whose
// commit strands what follows it. A write past a provider's call made
// after the guard stores that call's outcome, which can only commit
// after it: it is not counted. A guard the retry meets only after the
// first write it repeats (a claim in the second of two transactions)
// stops nothing that write did: the message says the retry repeats it. At the composition root,
// each implementation of an interface the root calls (a registry's
// handler for each type of message) is an operation of its own. A
// guard whose outcome its caller drops (a repository method's
// rows affected, returned and ignored) stops nothing; nor does a claim
// whose row is read back (INSERT IGNORE, then the SELECT of the row;
// an ORM's create that ignores its duplicate, then the row taken),
// whose row lets a retry through while it says the work is not done;
// made after the first write, it commits apart from that write.
// A check of stored state before the writes (the user with this e-mail
// exists: return) stops the retry, when the writes that are not
// idempotent run only after the write the check looks for: a retry
// leaves at the check, and the writes after it stay undone; a write after
// them that the retry reaches whatever the check says (a payment marked
// authorized after the commit) is finished by the retry. Two writes
// on branches that never run together (one on the way out before a
// transaction, and the transaction's callback) are no pair. Writes of the functions it calls
// (sqlc queries, repository helpers) count, on the handle the call passes
// them (store.New(db), q.WithTx(tx)). gorm's model calls are writes
// too: Create (idempotent with Clauses(clause.OnConflict{...}) on its
// chain, unless the conflict's DoUpdates count: gorm.Expr("usage.n + 1");
// a map it is given is a row of the chain's Model's table), Save and FirstOrCreate (upserts), the Update methods (not
// idempotent when the value is gorm.Expr("balance - ?", n) on the column
// itself, as Update's value or an entry of Updates' map, or a model
// saved back with a field the code computed from the one it read:
// acct.Balance -= n; repo.Save(ctx, acct)) and Delete; each commits alone on the database handle, and
// together on Transaction's handle or a Begin result. So are bun's query
// builders (db.NewInsert().Model(&o).Exec(ctx), an INSERT that On("CONFLICT
// ... DO NOTHING") or Ignore() makes idempotent; NewUpdate with the Set
// text; NewDelete), on *bun.DB one by one, on a bun.Tx (RunInTx's, or a
// BeginTx result) together, and on a bun.IDB of unknown kind. So are the
// builders of the API ent generates (client.Wallet.UpdateOneID(id).
// AddBalance(-n).Exec(ctx), an UPDATE that computes from the current
// value; Create, idempotent with OnConflict...DoNothing() or Ignore()),
// one by one on the database's Client and together on a Tx (or the
// Client a Tx gives back, also handed to a repository's constructor);
// a Client held in a field is the caller's to place, as gorm's *DB is.
// So are the inserts of a job queue that keeps its jobs in the database
// (river's Insert on the client's pool, alone; InsertTx and
// InsertManyTx in the transaction they are given; an interface of the
// program's that mirrors them): a job inserted twice runs twice, unless
// its options, or its arguments' InsertOpts, set UniqueOpts, or the
// caller gives them (then it is taken as unique). A queue's wrapper that
// inserts on the transaction a context carries, or its caller gives,
// and on the pool only when there is none, inserts in the caller's
// transaction when the caller has one.
// A repository that takes its handle from the context (the transaction
// a caller put there with a function given the context and the
// transaction, or a unit of work that runs its work with such a context,
// a command bus's transactional decorator among them where the program
// wires a handler with one: Apply[C](h, Transactional[C](tx)), else the
// database), or is handed such a handle (repo.Insert(ctx,
// s.tx.Q(ctx), o)), writes in that transaction; so do the repositories a
// unit of work builds on its transaction and hands its literal
// (r.Tickets.Void(ctx, id) in InTx(ctx, func(r *Repos) error)); a
// helper of the package that every call gives the context of such a
// unit of work's literal (return h.apply(ctx, s, evt) in WithinTx)
// writes in that work's transaction too; and gorm's Transaction
// begun on such a handle is a savepoint of it. Writes whose handle is of unknown kind are not compared;
// external calls are intentfirst's, and a write that stores the outcome
// of one made after the first write (or marks its failure, or its
// refusal: if !res.Authorised() { mark it; return an error }) is its
// outcome record, which can only commit after it: it is not counted
// with the intent record before the call, nor are the writes and guards
// of the transaction that stores it (the invoice marked paid with the
// charge's reference). A function of another package that writes, then
// calls an interface's method, then writes again, may be storing a
// provider's outcome there: its package does not pair those writes, and
// the composition root, which knows what the interface runs, does. What
// a retry wrapper returns (retry.DoWithData(func() (T, error) {...})) is
// what its function returned, the provider's answer among them; a
// helper of the package
// given a unit of work's store (markPaid(ctx, tx, id), calling
// tx.Invoices().MarkPaid) writes in the work's transaction.
//
// What the code does when a call fails says which writes are the work.
// A later write whose failure the code tolerates (it tests the error,
// logs it with a logger that returns, or does nothing, sets no flag, and
// goes on without returning) fails nothing, so no retry follows it; it
// still counts as an earlier write that a later failure's retry repeats,
// and it keeps the writes out of the fix's transaction, whose other
// statements its failure would abort. A DELETE, or an UPDATE that sets
// values of a table the work wrote, run only after a call has failed,
// on the way out of a function that then fails, undoes the work (a
// compensation) and is not compared; and a write whose rows a
// compensation deletes when a later write fails is not left done by
// that failure:
//
//	if _, err := pool.Exec(ctx, "UPDATE stock SET qty = qty + $1 WHERE sku = $2", n, sku); err != nil {
//		return err
//	}
//	if _, err := pool.Exec(ctx, "INSERT INTO stock_moves (sku, qty) VALUES ($1, $2)", sku, n); err != nil {
//		log.Printf("recording the move: %v", err) // not reported: tolerated
//	}
//
// Writes that a handler reaches through interfaces (a service that
// calls two repositories, each on the pool) are judged where the
// program's main package links the implementations (mocks and fakes
// left out): the finding is at the first write that is not idempotent,
// with each interface and its implementation in the chain. Under go vet
// and gopls, which analyse one package at a time, and under
// golangci-lint, it is reported where main wires the handler's package,
// naming the write's function and position; it carries no fix. A
// function literal handed to an interface's method (a unit of work's
// Do(ctx, func(ctx, repos) error)) counts there when every
// implementation the program has calls it before returning: its writes
// run on the handles the implementation hands it (a unit of work that
// begins a transaction but gives its repositories the pool is found);
// one a bus keeps to run later does not count. A function field the
// constructor fills with another package's method (PostLedger: l.Post)
// runs that method's writes at the field's call, and a method of another
// package bound as a handler in a table is judged through it, at the
// binding.
//
// The suggested fix wraps the writes in one transaction when they run on
// one database/sql, pgx pool, sqlx, gorm, bun or ent handle in one function with no
// external call between them: it begins the transaction before the first
// write, moves the writes onto it, and commits after the last, with a
// deferred rollback. Writes of callees move onto it where their handle is
// chosen (store.New(db) becomes store.New(tx)), when the transaction's
// type fits the parameter and nothing else runs through that handle. On
// gorm the transaction is db.Begin(), its failure read from tx.Error, and
// each write's chain starts from tx instead of db
// (tx.WithContext(ctx).Create(&order)); on ent it is client.Tx(ctx), and
// each write's entity client is the Tx's (tx.Wallet.UpdateOneID(id)).
// When the last write's error is what the function returns (return
// db.X(...).Exec(ctx)), the fix checks it and returns the Commit's.
//
// A finding without a fix says to run the writes in one transaction,
// handed to each write (or in the guard's, when a guard stops the retry).
package partialtx
