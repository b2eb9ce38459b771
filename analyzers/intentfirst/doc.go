// Package intentfirst defines an Analyzer that reports external effects
// made before their operation ID is durably recorded.
//
// # Analyzer intentfirst
//
// A worker inserts a shipment, books a collection with a carrier, and
// writes the tracking number back. If it crashes after the booking and
// before the write-back, nothing in its own state says the booking
// happened, and the redelivered message books a second collection. The
// operation ID has to be durable before the external call, and the call
// has to carry it, so that the retry presents something the provider
// recognises as the same request:
//
//	func (w *Worker) Handle(ctx context.Context, m kafka.Message) error {
//		b, err := carrier.BookCollection(ctx, &pb.BookCollectionRequest{OrderId: id}) // reported
//		...
//		db.ExecContext(ctx, "UPDATE shipments SET tracking = $1 WHERE order_id = $2", b.TrackingNumber, id)
//	}
//
// The check reports an external effect on a retried path (a charge, an
// HTTP POST, a booking, a publish) whose outcome is written back after
// the call, when no durable write before it, on every path, stores the
// value the call carries as its idempotency key. A write on a transaction
// still open at the call is not durable. A stable key alone does not
// satisfy the check: providers prune keys (Stripe after 24 hours) while
// queues redeliver for days, and a crash leaves nothing to reconcile
// against. Notifications (email, SMS, SNS) and calls whose outcome is not
// written back are not reported; nor are calls whose key slot or intent
// write this analysis cannot see. An outcome stored only in a record of
// the attempt (a delivery log whose rows hold the attempt's number, from
// asynq.GetRetryCount, river's job.Attempt and the like) is not written
// back: such rows are added on every attempt, not read to skip one. A
// client that makes the call in a retry wrapper of its own and returns
// what the wrapper returns (retry.DoWithData, backoff.RetryWithData)
// returns the call's outcome.
//
// Calls through interfaces are followed to the implementations the
// program's main package links: a service that calls a provider through
// its gateway interface, then stores what the gateway returned through
// its repository (in the service or in a unit of work's function), is
// reported at the provider call, or, under go vet, gopls and
// golangci-lint, where main wires the handler's package, when the call
// carries no key and nothing of the root's path is written before it
// (a helper that runs other statements its caller gives, such as an
// insert-or-get given both texts, may have written). Such a finding
// carries no fix.
//
// When the call carries no key, the suggested fix passes the operation
// key in scope in its slot, the first step; committing an intent row that
// carries the same key before the call is the rest, shown in the check's
// documentation.
//
// A finding without a fix says what to do: commit a record of the
// operation, with its ID in the call's key, before the call.
package intentfirst
