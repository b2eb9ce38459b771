// Package app handles provider events through repositories that main
// wires, some of them in a unit of work that runs a function literal.
package app

import (
	"context"
	"errors"
	"log"
	"net/http"

	"github.com/google/uuid"
)

var errFailed = errors.New("payment failed")

// An Event is a provider's event, identified by the provider.
type Event struct {
	ID   string
	Type string
}

// A Credit moves money to an account.
type Credit struct {
	Account string
	Amount  int64
}

type Events interface {
	Create(ctx context.Context, e *Event) error
}

type Credits interface {
	Apply(ctx context.Context, c *Credit) error
}

// A Delivery records one attempt to deliver an event to a subscriber.
type Delivery struct {
	ID      string
	EventID string
	Failure *string
}

// Deliveries records the attempts.
type Deliveries interface {
	Record(ctx context.Context, d *Delivery) error
}

// Carrier books shipments.
type Carrier interface {
	Book(ctx context.Context, ref string) (string, error)
	Rebook(ctx context.Context, ref string) (string, error)
	BookRecorded(ctx context.Context, ref string) (string, error)
	BookKeyed(ctx context.Context, req BookRequest) (string, error)
}

// A BookRequest is a booking, with the key the carrier dedups it on.
type BookRequest struct {
	Ref string
	Key string
}

// Keys stores the idempotency keys of requests.
type Keys interface {
	Exists(ctx context.Context, key string) (bool, error)
	Save(ctx context.Context, key string) error
}

// A Transfer moves money between two accounts.
type Transfer struct {
	ID       string
	From, To string
	Amount   int64
}

// Transfers move money in gorm's transactions.
type Transfers interface {
	// Move stores the transfer and moves the money in one transaction.
	Move(ctx context.Context, t *Transfer) error
	// Debit takes the money in a transaction of its own.
	Debit(ctx context.Context, account string, amount int64) error
	// CreditIn stores the transfer and credits it, in another.
	CreditIn(ctx context.Context, t *Transfer) error
	// SaveAccount writes the account over its row.
	SaveAccount(ctx context.Context, id string, balance int64) error
}

// Repos are the repositories a unit of work hands its function.
type Repos interface {
	Events() Events
	Credits() Credits
	Keys() Keys
}

// Units runs a function in a transaction.
type Units interface {
	InTx(ctx context.Context, fn func(r Repos) error) error
}

type Service interface {
	Record(ctx context.Context, ev Event) error
	RecordAndCredit(ctx context.Context, ev Event, c Credit) error
	CreditTwice(ctx context.Context, c Credit) error
	CreditOnce(ctx context.Context, key string, c Credit) error
	CreditOnceInUnit(ctx context.Context, key string, c Credit) error
	CreditOrRefund(ctx context.Context, ev Event, c Credit, ok bool) error
	Deliver(ctx context.Context, ev Event) error
	Forward(ctx context.Context, ev Event) error
	Ship(ctx context.Context, ev Event) error
	ShipRecorded(ctx context.Context, ev Event) error
	ShipViaRecord(ctx context.Context, ev Event) error
	ShipKeyed(ctx context.Context, ev Event) error
	Move(ctx context.Context, t Transfer) error
	MoveApart(ctx context.Context, t Transfer) error
	Restate(ctx context.Context, ev Event, balance int64) error
}

type service struct {
	events  Events
	credits Credits
	units   Units
	keys    Keys
	log     Deliveries
	carrier Carrier
	moves   Transfers
}

func New(e Events, c Credits, u Units, k Keys, d Deliveries, cr Carrier, t Transfers) Service {
	return &service{events: e, credits: c, units: u, keys: k, log: d, carrier: cr, moves: t}
}

// Move moves the money in one transaction of the implementation's.
func (s *service) Move(ctx context.Context, t Transfer) error {
	return s.moves.Move(ctx, &t)
}

// Restate writes the account's balance over its row, then records the
// event on its own: a failure between them leaves the balance written,
// and the retry writes it again.
func (s *service) Restate(ctx context.Context, ev Event, balance int64) error {
	if err := s.moves.SaveAccount(ctx, ev.ID, balance); err != nil {
		return err
	}
	return s.events.Create(ctx, &ev)
}

// MoveApart debits in one transaction and credits in another: a failure
// of the credit leaves the debit, which the retry takes again.
func (s *service) MoveApart(ctx context.Context, t Transfer) error {
	if err := s.moves.Debit(ctx, t.From, t.Amount); err != nil {
		return err
	}
	return s.moves.CreditIn(ctx, &t)
}

// Ship books with the carrier, then stores the booking in the unit of
// work: a crash between the two leaves no trace, and the retry books
// again.
func (s *service) Ship(ctx context.Context, ev Event) error {
	booking, err := s.carrier.Book(ctx, ev.ID)
	if err != nil {
		return err
	}
	return s.units.InTx(ctx, func(r Repos) error {
		return r.Events().Create(ctx, &Event{ID: booking, Type: "booked"})
	})
}

// ShipViaRecord books through a carrier client that records the request
// itself before it calls out.
func (s *service) ShipViaRecord(ctx context.Context, ev Event) error {
	booking, err := s.carrier.BookRecorded(ctx, ev.ID)
	if err != nil {
		return err
	}
	return s.events.Create(ctx, &Event{ID: booking, Type: "booked"})
}

// ShipRecorded records the shipment first, then books and stores the
// booking: the record says the booking was asked for, and the booking
// can only be stored after the call, apart from it.
func (s *service) ShipRecorded(ctx context.Context, ev Event) error {
	if err := s.events.Create(ctx, &Event{ID: ev.ID, Type: "booking"}); err != nil {
		return err
	}
	booking, err := s.carrier.Rebook(ctx, ev.ID)
	if err != nil {
		return err
	}
	return s.events.Create(ctx, &Event{ID: booking, Type: "booked"})
}

// Deliver posts the event and records the attempt, with why it failed:
// a record of attempts, meant to grow on every one.
func (s *service) Deliver(ctx context.Context, ev Event) error {
	_, err := http.Post("https://subscriber.example/hooks", "application/json", nil) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Handler.Deliver\)`
	d := &Delivery{ID: uuid.NewString(), EventID: ev.ID}
	if err != nil {
		msg := err.Error()
		d.Failure = &msg
	}
	return s.log.Record(ctx, d)
}

// Forward stores a copy of the event under an ID made here: a retry
// stores a second copy.
func (s *service) Forward(ctx context.Context, ev Event) error {
	return s.log.Record(ctx, &Delivery{ID: uuid.NewString(), EventID: ev.ID}) // want `a retry creates a second Delivery with a new ID: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Forward\)`
}

// CreditOnce checks and stores the key on the database, the credit in
// the unit of work's transaction: a crash after the credit commits, or
// a second delivery while the first runs, credits again.
func (s *service) CreditOnce(ctx context.Context, key string, c Credit) error {
	if seen, err := s.keys.Exists(ctx, key); err != nil || seen {
		return err
	}
	if err := s.units.InTx(ctx, func(r Repos) error {
		return r.Credits().Apply(ctx, &c)
	}); err != nil {
		return err
	}
	return s.keys.Save(ctx, key)
}

// CreditOnceInUnit stores the key with the credit, in the unit of work.
func (s *service) CreditOnceInUnit(ctx context.Context, key string, c Credit) error {
	return s.units.InTx(ctx, func(r Repos) error {
		if err := r.Keys().Save(ctx, key); err != nil {
			return err
		}
		return r.Credits().Apply(ctx, &c)
	})
}

// CreditOrRefund credits on the database when the payment failed, and
// otherwise records the event and the credit in the unit of work: the
// two branches never run together.
func (s *service) CreditOrRefund(ctx context.Context, ev Event, c Credit, ok bool) error {
	if !ok {
		if err := s.credits.Apply(ctx, &Credit{Account: c.Account, Amount: -c.Amount}); err != nil {
			log.Printf("refund: %v", err)
		}
		return errFailed
	}
	return s.units.InTx(ctx, func(r Repos) error {
		if err := r.Credits().Apply(ctx, &c); err != nil {
			return err
		}
		return r.Events().Create(ctx, &Event{ID: ev.ID + ":credit", Type: ev.Type})
	})
}

// Record stores the event under the provider's ID, in a unit of work.
func (s *service) Record(ctx context.Context, ev Event) error {
	return s.units.InTx(ctx, func(r Repos) error {
		return r.Events().Create(ctx, &Event{ID: ev.ID, Type: ev.Type})
	})
}

// RecordAndCredit writes twice in the unit of work's transaction: one
// commit, whatever the repositories' handle type says.
func (s *service) RecordAndCredit(ctx context.Context, ev Event, c Credit) error {
	return s.units.InTx(ctx, func(r Repos) error {
		if err := r.Credits().Apply(ctx, &c); err != nil {
			return err
		}
		return r.Events().Create(ctx, &Event{ID: ev.ID, Type: ev.Type})
	})
}

// CreditTwice credits through the repository main gives, on the
// database: each credit commits alone.
func (s *service) CreditTwice(ctx context.Context, c Credit) error {
	if err := s.credits.Apply(ctx, &c); err != nil {
		return err
	}
	return s.credits.Apply(ctx, &Credit{Account: "fees", Amount: 1})
}

// ShipKeyed books with the key the root put in the context, then stores
// the booking: the key is stable, but nothing records the booking before
// the call.
func (s *service) ShipKeyed(ctx context.Context, ev Event) error {
	booking, err := s.carrier.BookKeyed(ctx, BookRequest{Ref: ev.ID, Key: idempotencyKeyFor(ctx, "book")})
	if err != nil {
		return err
	}
	return s.events.Create(ctx, &Event{ID: booking, Type: "booked"})
}

// idempotencyKey is the context key under which callers pass the
// operation's idempotency key (WithIdempotencyKey).
type idempotencyKey struct{}

// WithIdempotencyKey returns a copy of ctx that carries key.
func WithIdempotencyKey(ctx context.Context, key string) context.Context {
	return context.WithValue(ctx, idempotencyKey{}, key)
}

// idempotencyKeyFrom returns the idempotency key that ctx carries, or "".
func idempotencyKeyFrom(ctx context.Context) string {
	key, _ := ctx.Value(idempotencyKey{}).(string)
	return key
}

// idempotencyKeyFor returns the idempotency key that ctx carries,
// namespaced by what it is sent with, or "" when ctx carries none.
func idempotencyKeyFor(ctx context.Context, purpose string) string {
	if key := idempotencyKeyFrom(ctx); key != "" {
		return key + "|" + purpose
	}
	return ""
}
