// Package freshid defines an Analyzer that reports fresh identifiers made
// on a retried path that become the identity of a write or of an external
// request.
//
// # Analyzer freshid
//
// Clients, queues and retry wrappers deliver the same request more than
// once. When a handler makes a fresh value on every attempt (uuid.New,
// ulid.Make, time.Now, math/rand, random bytes from crypto/rand.Read and
// what is encoded from them, but not a time reduced to its day or hour,
// which every attempt of that day or hour shares: t.Format("2006-01-02"),
// t.Format("2006010215"), t.Year(); a
// time read on the retried path and handed to a function of another
// package that makes a key of it: sweeper.Run(ctx, time.Now()); a function of another package that
// returns one (sms.Ref(kind, id), which appends time.Now().UnixNano();
// not a default it makes only when the options it is given leave the
// field empty, to a call that passes an option setting it:
// billing.NewLineItem(..., billing.WithKey(evt.BookingID)), also when
// an implementation the program wires makes it (if o.clientRef == ""
// { o.clientRef = ids.New() } in a sender's Send) and the root passes
// its option; nor a
// builder's default, if n.dedupID == "" in Build, to a chain that calls
// the setter that sets it: notify.For(id).DedupKey(k).Build()), or a function held in a field that the package only ever
// sets to such a function, or to a function literal or a function of
// its own that returns such a value: s.newHoldID(), or that the
// program's wiring fills, in every place it does, with such a function,
// a literal that calls a generator, or what a function returns that
// returns one: holds.Service{NewID: ids.Prefixed("hld", ids.XID())};
// a clock the program's wiring gives it, a func() time.Time the
// package never fills: s.clock().UnixNano(); or an ID generator behind
// an interface, whose
// field the package fills with one generator, or whose every
// implementation the program wires returns a fresh value, or what
// another does with a prefix (Prefixed{Prefix: "rma_", Next: ULID}),
// an adapter of a function to the interface being fresh when every
// function the program converts to it is (var UUIDs Generator =
// GeneratorFunc(uuid.NewString)), and deciding nothing by itself when
// the program converts none: s.ids.New(), in the root's own package or
// in a service the root calls)
// and that value becomes the identity of
// what it writes (the id column of an INSERT, an ORM model's primary key
// (gorm's Create, bun's NewInsert().Model, a generic repository's INSERT
// formatted around its row type: fmt.Sprintf("INSERT INTO %s ...",
// v.TableName(), ...), or built by reflection on the row's db tags;
// a field named ID, or tagged primaryKey or
// bun:",pk"; the ID an ent create's SetID gives),
// a provider's idempotency key (also one handed to the option of a
// client that sets its key: WithIdempotencyKey(ids.New()); to an option
// of a constructor that applies its options to the message or request
// it returns, which a client then sends: NewMessage(to, body,
// WithIdempotencyKey(ids.New())); or to an option of the package that a
// builder of the package copies into the request), a field of
// a JSON request body that is there only for its receiver to drop a
// repeat (client_reference, external_ref, ClientMessageID, a bank's
// endToEndId, a processor's requestReference, an identifier the client
// assigns such as
// clientTransactionRef; not a field of a struct tagged for storage too, a row
// the API also returns, whose columns the INSERT judges), a field named
// as the sender's reference for what it asks (reversal_reference,
// SubmitterRef; not an original or parent reference) of a struct that
// reaches a JSON encoder, through the program's helpers, when the value
// has no other sink, the ID a
// broker deduplicates published
// messages on: JetStream's Nats-Msg-Id, an SQS FIFO deduplication ID;
// the key an S3 upload stores its object under; the ID of a Temporal
// workflow, on which the server refuses a second start; a field of a
// river job's arguments when the job is unique by them, UniqueOpts{ByArgs:
// true} in the call's options or the arguments' InsertOpts method, and
// the field is among those river keys on: all of them, or those tagged
// river:"unique"),
// a retry does not repeat the first attempt: it creates a second order,
// a second charge. An AMQP publishing's MessageId and a watermill
// message's UUID are not identities by default: neither broker
// deduplicates on them, and the consumers that might are not in the
// publisher's package; a program whose consumers do names them in the
// configuration's sinks. For example:
//
//	func CreateOrder(w http.ResponseWriter, r *http.Request) {
//		id := uuid.New() // a retry inserts a second orders row with a new id
//		db.ExecContext(r.Context(), "INSERT INTO orders (id, total) VALUES ($1, $2)", id, total)
//	}
//
// The database makes fresh identities too: an INSERT that leaves a
// primary key the schema declares as serial, identity or a generator's
// default (DEFAULT gen_random_uuid()) to the database, fills no other
// key the schema declares, has no conflict handling, and returns the
// identity it was given (RETURNING) adds a second row on a retry, under
// a new identity the caller is told about. It is reported at the
// INSERT, without a fix: the row needs a column for the operation's key
// under a unique constraint, and ON CONFLICT DO NOTHING. An INSERT that
// returns nothing (an append-only log) is not reported.
//
// The check follows the value through conversions, String and Sprintf,
// struct fields, locals, closures and calls, across packages. It does not
// report fresh values that go only to logs, traces, responses or
// timestamps, INSERTs whose identity comes from an operation key, the
// rows an INSERT stores after a parent's row with the same fresh ID
// that fails on a key of the caller's values first (an order's lines
// after the order keyed by the merchant's reference) or after an
// implementation's INSERT of a row under an identity the caller gives,
// or one that is the same on every delivery (read or decoded from what
// the function was given: the refund's ID in the event), with no
// conflict handling and its failure stopping the path (a ledger entry
// after the dispute under the provider's ID, also one a helper called
// after that INSERT makes), a
// fresh field the stored row overwrites (an upsert's RETURNING id, or a
// claim's WITH ins AS (INSERT ...) SELECT ... UNION ALL SELECT ...,
// scanned back into it, also by a repository's method every
// implementation of which does so into the struct it is handed, or by
// bun's Returning("*").Scan into the model) or a variable a lookup's row of its type may
// replace (if !claimed { t, err = repo.GetByKey(ctx, key) }), or a
// fresh ID stored with an operation key under a conflict clause
// (ON CONFLICT (idempotency_key) DO NOTHING, or gorm's
// clause.OnConflict on another column that does nothing or updates the
// row it conflicts with), which absorbs the retry,
// or in an INSERT that also fills every column of another key the
// module's schema, or the model's gorm or bun tags (uniqueIndex),
// declare (a user's email under UNIQUE), on which the retry fails
// without adding a row; nor the fresh ID of a record of the
// attempt, a row that also stores which delivery this is (asynq's retry
// count, river's job.Attempt, a Pub/Sub delivery attempt, or the text of
// the error this attempt's call returned) or whose table
// or model is named as a log of attempts (payout_attempts, audit_log,
// DeliveryAttempt) or of reports (kiosk_heartbeats), or whose outcome a
// literal the function defers writes with the function's error (a
// run's row, finished by its ID), which is meant to be added on every
// attempt, or
// that stores the outcome of an external call made without a key (the
// message ID a mail API returns, the status a webhook's endpoint
// answers: the retry's duplicate call is that call's finding); nor a fresh ID that reaches its sink only after a dedup guard of the
// function that makes it, or of the transaction callback that writes it
// (a conflict-tolerant INSERT whose rows
// affected or RETURNING row decide whether the path goes on, gorm's
// RowsAffected among them, or whose error does when a function of
// another package reads the row back and the caller returns on it:
// _, err := q.ClaimKey(ctx, k); if err != nil { return }; also a claim
// a unit of work's function assigns: claimed, err = s.keys.Claim(...)
// in WithinTx), or after a call of an interface whose result
// decides and whose every implementation the program links runs such an
// INSERT (claimed, err := keys.Claim(ctx, key); if !claimed { return };
// or prev, err := claims.Claim(ctx, tx, key); if prev != nil { return
// replay(prev) }, which returns the stored response for a key seen
// before, or whose implementation is a compare-and-set UPDATE that
// reads back the row it changed, whose error stops the path and which
// its store does not answer as done when no row comes back; the root's
// own package leaves such a value to the composition
// root, which knows the implementations),
// also in an implementation the fresh value is handed to (a use case
// that claims the request's key before it stores the ID its caller
// made),
// or reads back the row it claims when the value becomes a row's
// identity (a claim read back, also one statement that returns the row
// already there: WITH ins AS (INSERT ... ON CONFLICT DO NOTHING
// RETURNING ...) SELECT ... FROM ins UNION ALL SELECT ... FROM the
// table, lets the retry go on while the row says the work is not done,
// and a key handed to a provider then is a new key),
// or after an update through a repository's method given a map of the
// columns it sets and a WHERE text that tests one of them, whose count
// of rows decides (UpdateWhere(ctx, map[string]any{"status":
// Cancelled}, "id = ? AND status IN ?", ...); if n == 0 { return }),
// where the retry stops; nor one that reaches its sink only while a test of
// stored state says the work is not done, after the call that stores
// that state: a lookup of the value stored, keyed by a field of it,
// that leaves when it finds one; a repository's answer whether the row
// is there (done, err := notices.Exists(ctx, billID, "issued"); if done
// { return }) when the value stored holds all it was asked (the bill's
// ID, the kind); a status tested against a constant and
// stored as another; a field compared with the one the value stored
// sets, or with a value that a call given the row's key stores
// (if o.SlotID == slotID { return }; SetSlot(ctx, id, slotID)). The retry after that call finds the state and leaves. The call
// may be in a function literal the handler runs where its test says the
// work is not done (a transaction's callback that sets the status
// before it inserts, or sets the row to the value its caller compared
// a field with, UpdateTier(ctx, p.ID, tier.ID) past p.TierID ==
// tierID, or hands an interface's method the rows to insert: an
// outbox's Write in a unit of work's callback), or the callback of a
// transaction that runs only after the state's write (the status set
// on the row a condition names, db.Model(&Shipment{}).Where("id = ?",
// sh.ID).Update("status", Damaged), then db.Transaction(func(tx) {...})
// making the replacement). A claim that decides an item of a loop (if
// !created { continue }) decides the next item's path anew, so the
// fresh ID written past it is made once for each item. Nor is a value reported that a variable held
// before the code wrote the whole variable over (the row it inserted,
// read back by its other key): later uses read what was written.
//
// Calls through interfaces are followed to the implementations the
// program's main package links (mocks and fakes left out): a handler
// that passes a fresh ID to a service interface whose implementation
// hands it to a repository that inserts it is reported at the fresh
// value, with each interface and its implementation in the chain. Under
// go vet and gopls, which analyse one package at a time, and under
// golangci-lint, such a finding is reported where main wires the
// handler's package, and names the fresh value's function and position;
// it carries no fix.
//
// The suggested fix derives the value from the operation key in scope
// (message ID, job ID, the request's Idempotency-Key header, a Connect
// request's req.Header().Get("Idempotency-Key"), the field of the
// program's own delivery type that its adapter fills with the message's
// ID: Delivery{MessageID: d.MessageId}), namespaced
// by what the ID is for: uuid.NewSHA1(uuid.NameSpaceOID,
// []byte(key+"|orders")). Where the key may be absent (a request header),
// the fix keeps the fresh value as the fallback, so a first attempt
// behaves as before. A row's INSERT that the value reaches has no
// conflict handling (it would absorb the retry otherwise), so under
// the derived value a retry after the first attempt committed fails at
// the key: in the standalone idemlint, which loads the repository's
// file, the fix absorbs the repeat there too when the schema declares
// the table and a key that holds the column. It adds ON CONFLICT (id) DO
// NOTHING to the INSERT's SQL literal (and to the sqlc query the literal
// was generated from), or gorm's
// Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "id"}},
// DoNothing: true}) before its Create, naming that key so that a
// duplicate of another key (a user's email under UNIQUE) fails as
// before; where the caller reads the INSERT's RETURNING row, ON CONFLICT
// (id) DO UPDATE SET id = EXCLUDED.id, which returns the row the first
// attempt stored. Where it cannot (no schema for the table, SQL a
// builder renders, a generic helper's statement, one whose outcome
// decides what the root does next), the message says to absorb the
// repeat there (ON CONFLICT (id) DO NOTHING). A JetStream message's key
// is its Nats-Msg-Id when the publisher set one, and else its stream
// and stream sequence (msg.Metadata()), which every redelivery keeps.
// Code that has the root's context but not its
// delivery reads the key from the context: a Temporal activity's run and
// activity IDs (activity.GetInfo, only where the context is provably the
// activity's: the activity itself, or an unexported helper every call of
// which passes it down), an asynq task's ID (asynq.GetTaskID, which
// reads empty outside a task's handler), a gRPC call's idempotency-key
// metadata (when
// sent; in a service behind an interface too, when every gRPC method
// that calls it passes its own context down, outside loops). A service
// behind an interface that an HTTP handler or a consumer calls once per
// delivery gets its key from that root: the fix declares, once in the
// service's package, WithIdempotencyKey(ctx, key) and
// idempotencyKeyFrom(ctx), derives the value from the latter, and
// wraps the context the root passes,
// app.WithIdempotencyKey(r.Context(), r.Header.Get("Idempotency-Key")),
// in the standalone idemlint, which sees both packages (at the root's
// call of its own helper when the helper, which makes the service's call,
// has no key in scope; at the call of a router adapter or a dispatcher
// that runs the root, fn(ctx, p) with the task in scope, when the root
// itself has none). So does a service of another package that the root
// calls directly, once per delivery, and that hands the value to a
// repository the program wires: the root's call wraps its context, or,
// where the call passes the key in an argument
// (transfers.Book(ctx, r.Header.Get("Idempotency-Key"), ...)), the
// value is derived from that parameter. Where the program's own
// middleware puts the request's Idempotency-Key header in the context
// (context.WithValue, directly or through a setter of its own) and its
// own function reads it back (func IdempotencyKey(ctx context.Context)
// (string, bool)), code that has only the context, reached once per
// request, derives the value from that accessor, with the fresh value as
// the fallback: only where the package sees the code that fills the
// slot from the header, so that an accessor of a request ID is never
// taken for one. A value that an unexported
// helper function makes and returns (func newRefundID() string { return
// "rf_" + xid.New().String() }), called once in the package, is derived
// where the helper is called, with the helper's call as the fallback
// when the key may be absent. A value an ID generator behind an
// interface makes (s.ids.New()) is derived by its type, as a
// catalogued generator's is. Where no key is
// in scope and the retries are calls
// made again by the code around them (a closure of backoff.Retry or
// retry.Do, a hand-written retry loop), and that code is not itself
// retried, the fix makes the value once, before the retries: the
// statement that declares it moves out of the attempt, or a new
// variable holds it. A value made per item of a loop inside the attempt,
// or from the attempt's own variables, stays where it is, without a fix.
package freshid
