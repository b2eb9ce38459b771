// Package orders places, ships and tags orders under IDs it makes,
// behind the interfaces its handlers and consumers call. Its callers
// pass no key: each root puts its own in the context it passes.
package orders

import (
	"context"
	"database/sql"

	"github.com/google/uuid"

	"example.com/wiredctx/mailer"
)

// Store keeps orders and their shipments.
type Store interface {
	InsertOrder(ctx context.Context, id string, total int64) error
	InsertShipment(ctx context.Context, id, order string) error
	// InTx runs fn in a transaction.
	InTx(ctx context.Context, fn func(tx *sql.Tx) error) error
	Archive(ctx context.Context, tx *sql.Tx, total int64) error
	ArchiveLine(ctx context.Context, tx *sql.Tx, total int64) error
	InsertReturn(ctx context.Context, order string) error
}

// Mailer sends email.
type Mailer interface {
	Send(ctx context.Context, e mailer.Email) error
	Remind(ctx context.Context, e mailer.Email) error
}

// Service places orders.
type Service struct {
	store Store
	mail  Mailer
}

// New returns the service on st, sending email with m.
func New(st Store, m Mailer) *Service { return &Service{store: st, mail: m} }

// Confirm emails the order's confirmation, with no key of its own.
func (s *Service) Confirm(ctx context.Context, to string) error {
	return s.mail.Send(ctx, mailer.Email{To: to})
}

// Place stores an order under an ID it makes.
func (s *Service) Place(ctx context.Context, total int64) error {
	return s.store.InsertOrder(ctx, uuid.NewString(), total) // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Create\); absorb the repeat at the INSERT into orders too \(ON CONFLICT \(id\) DO NOTHING\), or a retry after a commit fails at the key \[IDEM001\]$`
}

// Refund stores a refund order under an ID it makes.
func (s *Service) Refund(ctx context.Context, order string) error {
	return s.store.InsertOrder(ctx, uuid.NewString(), 0) // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(gin handler GinHandler.Refund\); absorb the repeat at the INSERT into orders too \(ON CONFLICT \(id\) DO NOTHING\), or a retry after a commit fails at the key \[IDEM001\]$`
}

// Ship stores a shipment under an ID it makes.
func (s *Service) Ship(ctx context.Context, order string) error {
	return s.store.InsertShipment(ctx, uuid.NewString(), order) // want `a retry inserts a second shipments row with a new id: uuid.NewString\(\) is fresh on every attempt \(kafka-go consumer loop Consumer.Run\); absorb the repeat at the INSERT into shipments too \(ON CONFLICT \(id\) DO NOTHING\), or a retry after a commit fails at the key \[IDEM001\]$`
}

// Line stores one line of a request under an ID it makes; its handler
// calls it once per line, in one request's context: one key would name
// every line.
func (s *Service) Line(ctx context.Context, total int64) error {
	return s.store.InsertOrder(ctx, uuid.NewString(), total) // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Bulk\); derive it from the request's Idempotency-Key header`
}

// Tag stores a tag order under an ID it makes; its handler has a local
// named orders where it calls it, so the fix imports this package under
// another name.
func (s *Service) Tag(ctx context.Context, total int64) error {
	return s.store.InsertOrder(ctx, uuid.NewString(), total) // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Tag\); absorb the repeat at the INSERT into orders too \(ON CONFLICT \(id\) DO NOTHING\), or a retry after a commit fails at the key \[IDEM001\]$`
}

// RemindAll reminds each address: one key would name every reminder.
func (s *Service) RemindAll(ctx context.Context, to []string) error {
	for _, t := range to {
		if err := s.mail.Remind(ctx, mailer.Email{To: t}); err != nil {
			return err
		}
	}
	return nil
}

// Archive archives an order in a transaction the store runs: the
// callback runs once, with the context Archive was given.
func (s *Service) Archive(ctx context.Context, total int64) error {
	return s.store.InTx(ctx, func(tx *sql.Tx) error {
		return s.store.Archive(ctx, tx, total)
	})
}

// ArchiveEach archives one order per total, each in its own
// transaction: one key would name every archive.
func (s *Service) ArchiveEach(ctx context.Context, totals []int64) error {
	for _, t := range totals {
		if err := s.store.InTx(ctx, func(tx *sql.Tx) error { return s.store.ArchiveLine(ctx, tx, t) }); err != nil {
			return err
		}
	}
	return nil
}

// Restock stores a restocking shipment under an ID it makes.
func (s *Service) Restock(ctx context.Context, order string) error {
	return s.store.InsertShipment(ctx, uuid.NewString(), order) // want `a retry inserts a second shipments row with a new id: uuid.NewString\(\) is fresh on every attempt \(SQS message handler Queue.handle\); absorb the repeat at the INSERT into shipments too \(ON CONFLICT \(id\) DO NOTHING\), or a retry after a commit fails at the key \[IDEM001\]$`
}

// RestockLine stores one line's restocking shipment under an ID it
// makes, after the order's own, in another commit.
func (s *Service) RestockLine(ctx context.Context, order string) error {
	return s.store.InsertShipment(ctx, uuid.NewString(), order) // want `a retry inserts a second shipments row with a new id: uuid.NewString\(\) is fresh on every attempt \(SQS message handler Queue.handle\); first put the writes before it in one transaction with it`
}

// Return records a return of the order.
func (s *Service) Return(ctx context.Context, order string) error {
	return s.store.InsertReturn(ctx, order)
}

// Reorder stores an order again under an ID it makes.
func (s *Service) Reorder(ctx context.Context, total int64) error {
	return s.store.InsertOrder(ctx, uuid.NewString(), total) // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Reorder\); absorb the repeat at the INSERT into orders too \(ON CONFLICT \(id\) DO NOTHING\), or a retry after a commit fails at the key \[IDEM001\]$`
}

// Resend stores an order again under an ID it makes.
func (s *Service) Resend(ctx context.Context, total int64) error {
	return s.store.InsertOrder(ctx, uuid.NewString(), total) // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Resend\); derive it from the request's Idempotency-Key header`
}

// Redo stores an order again under an ID it makes.
func (s *Service) Redo(ctx context.Context, total int64) error {
	return s.store.InsertOrder(ctx, uuid.NewString(), total) // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(asynq handler Tasks.redo\); absorb the repeat at the INSERT into orders too \(ON CONFLICT \(id\) DO NOTHING\), or a retry after a commit fails at the key \[IDEM001\]$`
}

// Repeat stores an order again under an ID it makes.
func (s *Service) Repeat(ctx context.Context, total int64) error {
	return s.store.InsertOrder(ctx, uuid.NewString(), total) // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(asynq handler Tasks.repeat\); absorb the repeat at the INSERT into orders too \(ON CONFLICT \(id\) DO NOTHING\), or a retry after a commit fails at the key \[IDEM001\]$`
}

// Again stores an order again under an ID it makes, once per total for
// one of its callers.
func (s *Service) Again(ctx context.Context, total int64) error {
	return s.store.InsertOrder(ctx, uuid.NewString(), total) // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(asynq handler Tasks.again\); derive it from the task's ID`
}

// Route stores a routed order under an ID it makes.
func (s *Service) Route(ctx context.Context, total int64) error {
	return s.store.InsertOrder(ctx, uuid.NewString(), total) // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(asynq handler Router.ProcessTask\); absorb the repeat at the INSERT into orders too \(ON CONFLICT \(id\) DO NOTHING\), or a retry after a commit fails at the key \[IDEM001\]$`
}
