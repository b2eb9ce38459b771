// Package app declares the service the handlers call and the
// repositories it reaches through interfaces; main wires them.
package app

import (
	"context"
	"database/sql"
	"errors"
	"log"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgconn"
)

type Order struct {
	ID      string
	Account string
	Total   int64
}

// Service is what the handlers call.
type Service interface {
	Place(ctx context.Context, o Order) error
	PlaceTx(ctx context.Context, o Order) error
	Transfer(ctx context.Context, from, to string, amount int64) error
	TransferTx(ctx context.Context, from, to string, amount int64) error
	Either(ctx context.Context, o Order, debit bool) error
	Upsert(ctx context.Context, o Order) error
	Close(ctx context.Context, id string) error
	Audit(ctx context.Context, id string) error
	PlaceOnce(ctx context.Context, key string, o Order) error
	CheckThenPlace(ctx context.Context, key string, o Order) error
	PlaceOnceTx(ctx context.Context, key string, o Order) error
	ChargeOnce(ctx context.Context, key string, o Order) error
	Adjust(ctx context.Context, key, account string, amount int64) error
	Refill(ctx context.Context, account string, amount int64) error
	Register(ctx context.Context, id string) error
	Enroll(ctx context.Context) error
	Credit(ctx context.Context, account string, amount int64) error
	Record(ctx context.Context, o Order) error
	PlaceKeyed(ctx context.Context, key string, total int64) error
	CaptureLoose(ctx context.Context, amount int64) error
	HoldKeyed(ctx context.Context, key string, amount int64) error
	Pickup(ctx context.Context, id string) error
	Ship(ctx context.Context, key string) error
	CreditWithFee(ctx context.Context, account string, amount int64) error
	CreditOrVoid(ctx context.Context, account string, amount int64) error
	HoldAndCredit(ctx context.Context, account string, amount int64) error
	HoldInUnit(ctx context.Context, account string, amount int64) error
	JournalInUnit(ctx context.Context, id string) error
	HoldThenSubscribe(ctx context.Context, account string, amount int64) error
	Join(ctx context.Context, id, email string) error
	ClaimThenPlace(ctx context.Context, key string, o Order) error
	SeenThenPlace(ctx context.Context, key string, o Order) error
	ClaimOrPlace(ctx context.Context, key string, o Order) error
	ClaimThenHelp(ctx context.Context, key string, o Order) error
	SeenThenHelp(ctx context.Context, key string, o Order) error
	Deliver(ctx context.Context, id string) error
	ClaimInUnit(ctx context.Context, key string, o Order) error
	ClaimInUnitLoose(ctx context.Context, key string, o Order) error
	ClaimThenBook(ctx context.Context, key, id string) error
}

// Deliveries records outbound deliveries and their attempts.
type Deliveries interface {
	Ensure(ctx context.Context, id string) error
	RecordAttempt(ctx context.Context, id, lastErr string) error
	MarkDelivered(ctx context.Context, id string) error
}

// Bus runs handlers when events arrive.
type Bus interface {
	Subscribe(ctx context.Context, topic string, fn func(ctx context.Context) error) error
}

// Units runs work in a unit of work, with the repositories it hands the
// work.
type Units interface {
	Do(ctx context.Context, fn func(ctx context.Context, r Repos) error) error
}

// Repos are the repositories of a unit of work.
type Repos interface {
	Ledger() Ledger
	Journal() Journal
}

// Keys records the idempotency keys of requests.
type Keys interface {
	Claim(ctx context.Context, key string) (bool, error)
	ClaimTx(ctx context.Context, tx *sql.Tx, key string) (bool, error)
	Seen(ctx context.Context, key string) (bool, error)
	Reserve(ctx context.Context, key string) (bool, error)
}

// Payments charges the provider, with the key it is given.
type Payments interface {
	Charge(ctx context.Context, key string, amount int64) error
	Capture(ctx context.Context, req CaptureRequest) error
	Hold(ctx context.Context, req CaptureRequest) error
}

// Shipper books the carrier.
type Shipper interface {
	Pickup(ctx context.Context, id string) error
	Ship(ctx context.Context, key string) error
	Book(ctx context.Context, req BookRequest) error
}

// BookRequest carries the key the carrier call sends, when set.
type BookRequest struct {
	ID, Key string
}

// CaptureRequest carries the key the provider call sends, when set.
type CaptureRequest struct {
	Amount int64
	Key    string
}

// Orders stores orders.
type Orders interface {
	Insert(ctx context.Context, o Order) error
	InsertTx(ctx context.Context, tx *sql.Tx, o Order) error
	Upsert(ctx context.Context, o Order) error
	SetStatus(ctx context.Context, id, status string) error
	Record(ctx context.Context, o Order) error
	CreateWithKey(ctx context.Context, key string, o Order) error
}

// Ledger moves money between accounts.
type Ledger interface {
	Debit(ctx context.Context, account string, amount int64) error
	DebitTx(ctx context.Context, tx *sql.Tx, account string, amount int64) error
	Transfer(ctx context.Context, from, to string, amount int64) error
	TransferTx(ctx context.Context, from, to string, amount int64) error
	Adjust(ctx context.Context, key, account string, amount int64) error
	Refill(ctx context.Context, account string, amount int64) error
	Credit(ctx context.Context, account string, amount int64) error
	Void(ctx context.Context, account string) error
	Hold(ctx context.Context, account string, amount int64) error
	Release(ctx context.Context, account string) error
}

// Registry records registrations under the caller's ID.
type Registry interface {
	Insert(ctx context.Context, id string) error
}

// A Member is known by e-mail.
type Member struct {
	ID, Email string
}

// Members stores members.
type Members interface {
	ByEmail(ctx context.Context, email string) (*Member, error)
	Add(ctx context.Context, m Member) error
	Welcome(ctx context.Context, id string) error
}

// Journal appends audit entries.
type Journal interface {
	Record(ctx context.Context, id string) error
}

type service struct {
	db      *sql.DB
	orders  Orders
	ledger  Ledger
	journal Journal
	keys    Keys
	pay     Payments
	reg     Registry
	newID   func() string
	ship    Shipper
	units   Units
	bus     Bus
	members Members
	deliv   Deliveries
}

// New returns the Service the handlers use.
func New(db *sql.DB, o Orders, l Ledger, j Journal, k Keys, p Payments, r Registry, m Members) Service {
	return &service{db: db, orders: o, ledger: l, journal: j, keys: k, pay: p, reg: r, members: m}
}

// Join looks the member up by e-mail before adding it: a retry after the
// add leaves at the lookup, so the welcome, committed on its own, is
// never written if it failed the first time.
func (s *service) Join(ctx context.Context, id, email string) error {
	m := Member{ID: id, Email: email}
	if existing, err := s.members.ByEmail(ctx, m.Email); err == nil && existing != nil {
		return nil
	}
	if err := s.members.Add(ctx, m); err != nil {
		return err
	}
	return s.members.Welcome(ctx, m.ID)
}

// Place inserts the order and debits the account, each on the pool: a
// failure between them leaves the order without its debit.
func (s *service) Place(ctx context.Context, o Order) error {
	if err := s.orders.Insert(ctx, o); err != nil {
		return err
	}
	return s.ledger.Debit(ctx, o.Account, o.Total)
}

// PlaceTx runs both on one transaction it begins.
func (s *service) PlaceTx(ctx context.Context, o Order) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := s.orders.InsertTx(ctx, tx, o); err != nil {
		return err
	}
	if err := s.ledger.DebitTx(ctx, tx, o.Account, o.Total); err != nil {
		return err
	}
	return tx.Commit()
}

func (s *service) Transfer(ctx context.Context, from, to string, amount int64) error {
	return s.ledger.Transfer(ctx, from, to, amount)
}

func (s *service) TransferTx(ctx context.Context, from, to string, amount int64) error {
	return s.ledger.TransferTx(ctx, from, to, amount)
}

// Either writes one of the two, never both.
func (s *service) Either(ctx context.Context, o Order, debit bool) error {
	if debit {
		return s.ledger.Debit(ctx, o.Account, o.Total)
	}
	return s.orders.Insert(ctx, o)
}

// Upsert's writes repeat harmlessly.
func (s *service) Upsert(ctx context.Context, o Order) error {
	if err := s.orders.Upsert(ctx, o); err != nil {
		return err
	}
	return s.orders.SetStatus(ctx, o.ID, "placed")
}

func (s *service) Close(ctx context.Context, id string) error {
	return s.orders.SetStatus(ctx, id, "closed")
}

func (s *service) Audit(ctx context.Context, id string) error {
	if err := s.journal.Record(ctx, id); err != nil {
		return err
	}
	return s.journal.Record(ctx, id+"-done")
}

// PlaceOnce claims the key on the pool, then inserts the order on the
// pool: a crash between them leaves the key without its order.
func (s *service) PlaceOnce(ctx context.Context, key string, o Order) error {
	fresh, err := s.keys.Claim(ctx, key)
	if err != nil || !fresh {
		return err
	}
	return s.orders.Insert(ctx, o)
}

// ClaimThenPlace claims the request's key, then inserts the order under
// an ID made here: a retry finds the key claimed and stops before the
// insert, so the fresh ID never reaches a second row.
func (s *service) ClaimThenPlace(ctx context.Context, key string, o Order) error {
	claimed, err := s.keys.Claim(ctx, key)
	if err != nil {
		return err
	}
	if !claimed {
		return nil
	}
	o.ID = uuid.NewString()
	return s.orders.Insert(ctx, o)
}

// ClaimInUnit claims the request's key in a unit of work and goes on
// only when the claim is new: a retry stops before the insert, so the
// ID made here never reaches a second row.
func (s *service) ClaimInUnit(ctx context.Context, key string, o Order) error {
	o.ID = uuid.NewString()
	var claimed bool
	err := s.units.Do(ctx, func(ctx context.Context, r Repos) error {
		var err error
		claimed, err = s.keys.Claim(ctx, key)
		return err
	})
	if err != nil || !claimed {
		return err
	}
	return s.orders.Record(ctx, o)
}

// ClaimInUnitLoose claims the key the same way but only logs a claim
// found: the retry goes on to insert under a new ID.
func (s *service) ClaimInUnitLoose(ctx context.Context, key string, o Order) error {
	o.ID = uuid.NewString() // want `a retry inserts a second placed_orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.ClaimInUnitLoose\)`
	var claimed bool
	err := s.units.Do(ctx, func(ctx context.Context, r Repos) error {
		var err error
		claimed, err = s.keys.Claim(ctx, key)
		return err
	})
	if err != nil {
		return err
	}
	if !claimed {
		log.Print("key seen before")
	}
	return s.orders.Record(ctx, o)
}

// ClaimThenBook claims the key before booking: a retry of the request
// stops at the claim, but the carrier client retries its own POST.
func (s *service) ClaimThenBook(ctx context.Context, key, id string) error {
	claimed, err := s.keys.Claim(ctx, key)
	if err != nil || !claimed {
		return err
	}
	return s.ship.Book(ctx, BookRequest{ID: id})
}

// ClaimOrPlace goes on after a claim that found the key when the order
// is large: the branch for a key claimed before reaches the insert.
func (s *service) ClaimOrPlace(ctx context.Context, key string, o Order) error {
	claimed, err := s.keys.Claim(ctx, key)
	if err != nil {
		return err
	}
	if !claimed && o.Total < 100 {
		return nil
	}
	o.ID = uuid.NewString() // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.ClaimOrPlace\)`
	return s.orders.Insert(ctx, o)
}

// ClaimThenHelp claims the request's key, then has a helper insert the
// order under an ID the helper makes: the claim decides the helper's
// call, so a retry stops before the fresh ID is made.
func (s *service) ClaimThenHelp(ctx context.Context, key string, o Order) error {
	claimed, err := s.keys.Claim(ctx, key)
	if err != nil || !claimed {
		return err
	}
	return s.insertNew(ctx, o)
}

func (s *service) insertNew(ctx context.Context, o Order) error {
	o.ID = uuid.NewString()
	return s.orders.Insert(ctx, o)
}

// SeenThenHelp looks the key up before the helper, which claims
// nothing.
func (s *service) SeenThenHelp(ctx context.Context, key string, o Order) error {
	seen, err := s.keys.Seen(ctx, key)
	if err != nil || seen {
		return err
	}
	return s.insertFresh(ctx, o)
}

func (s *service) insertFresh(ctx context.Context, o Order) error {
	o.ID = uuid.NewString() // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.SeenThenHelp\)`
	return s.orders.Insert(ctx, o)
}

// SeenThenPlace looks the key up, which claims nothing: a retry after
// the insert and before the key is stored inserts a second order.
func (s *service) SeenThenPlace(ctx context.Context, key string, o Order) error {
	seen, err := s.keys.Seen(ctx, key)
	if err != nil || seen {
		return err
	}
	o.ID = uuid.NewString() // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.SeenThenPlace\)`
	return s.orders.Insert(ctx, o)
}

// CheckThenPlace looks the key up outside the transaction that inserts
// the order.
func (s *service) CheckThenPlace(ctx context.Context, key string, o Order) error {
	if seen, err := s.keys.Seen(ctx, key); err != nil || seen {
		return err
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := s.orders.InsertTx(ctx, tx, o); err != nil {
		return err
	}
	return tx.Commit()
}

// PlaceOnceTx claims the key in the transaction of the order.
func (s *service) PlaceOnceTx(ctx context.Context, key string, o Order) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	fresh, err := s.keys.ClaimTx(ctx, tx, key)
	if err != nil || !fresh {
		return err
	}
	if err := s.orders.InsertTx(ctx, tx, o); err != nil {
		return err
	}
	return tx.Commit()
}

// ChargeOnce records the key before charging the provider with it: the
// key row is the charge's intent record.
func (s *service) ChargeOnce(ctx context.Context, key string, o Order) error {
	fresh, err := s.keys.Reserve(ctx, key)
	if err != nil || !fresh {
		return err
	}
	if err := s.pay.Charge(ctx, key, o.Total); err != nil {
		return err
	}
	return s.orders.SetStatus(ctx, o.ID, "paid")
}

func (s *service) Adjust(ctx context.Context, key, account string, amount int64) error {
	return s.ledger.Adjust(ctx, key, account, amount)
}

func (s *service) Refill(ctx context.Context, account string, amount int64) error {
	return s.ledger.Refill(ctx, account, amount)
}

// Register takes a second delivery's duplicate as done.
func (s *service) Register(ctx context.Context, id string) error {
	err := s.reg.Insert(ctx, id)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return nil
	}
	return err
}

// Enroll makes the registration's ID itself: not a value the caller
// gives, so no natural key.
func (s *service) Enroll(ctx context.Context) error {
	return s.reg.Insert(ctx, s.newID())
}

func (s *service) Credit(ctx context.Context, account string, amount int64) error {
	return s.ledger.Credit(ctx, account, amount)
}

// CreditWithFee credits the account, then takes a fee whose failure
// it only logs: the fee's failure fails nothing, so no retry repeats
// the credit after it.
func (s *service) CreditWithFee(ctx context.Context, account string, amount int64) error {
	if err := s.ledger.Credit(ctx, account, amount); err != nil {
		return err
	}
	if err := s.ledger.Debit(ctx, account, 1); err != nil {
		log.Printf("fee for %s: %v", account, err)
	}
	return nil
}

// CreditOrVoid credits the account and, when the notice cannot be
// queued, deletes the credit on the way out: a compensation, not a
// second part of the work.
func (s *service) CreditOrVoid(ctx context.Context, account string, amount int64) error {
	if err := s.ledger.Credit(ctx, account, amount); err != nil {
		return err
	}
	if err := queueNotice(ctx, account); err != nil {
		_ = s.ledger.Void(ctx, account)
		return err
	}
	return nil
}

// HoldAndCredit places a hold, then credits; when the credit fails, the
// hold is released before the failure is returned: nothing is left
// done for the retry to repeat.
func (s *service) HoldAndCredit(ctx context.Context, account string, amount int64) error {
	if err := s.ledger.Hold(ctx, account, amount); err != nil {
		return err
	}
	if err := s.ledger.Credit(ctx, account, amount); err != nil {
		_ = s.ledger.Release(ctx, account)
		return err
	}
	return nil
}

// HoldInUnit holds and debits in a unit of work whose repositories, as
// the program's implementation makes them, commit each statement.
func (s *service) HoldInUnit(ctx context.Context, account string, amount int64) error {
	return s.units.Do(ctx, func(ctx context.Context, r Repos) error {
		if err := r.Ledger().Hold(ctx, account, amount); err != nil {
			return err
		}
		return r.Ledger().Debit(ctx, account, amount)
	})
}

// JournalInUnit writes twice through a repository whose handle could be
// the unit's transaction: nothing is proved apart.
func (s *service) JournalInUnit(ctx context.Context, id string) error {
	return s.units.Do(ctx, func(ctx context.Context, r Repos) error {
		if err := r.Journal().Record(ctx, id); err != nil {
			return err
		}
		return r.Journal().Record(ctx, id+"-done")
	})
}

// HoldThenSubscribe holds, then registers an update to run when the
// settlement arrives: the bus keeps the function for later, so the
// update is no part of this call.
func (s *service) HoldThenSubscribe(ctx context.Context, account string, amount int64) error {
	if err := s.ledger.Hold(ctx, account, amount); err != nil {
		return err
	}
	return s.bus.Subscribe(ctx, "settled", func(ctx context.Context) error {
		return s.orders.SetStatus(ctx, account, "settled")
	})
}

var errQueueFull = errors.New("notice queue full")

func queueNotice(ctx context.Context, account string) error { return errQueueFull }

func (s *service) Record(ctx context.Context, o Order) error {
	return s.orders.Record(ctx, o)
}

// PlaceKeyed mints the order's ID, which the repository stores only
// after claiming the key in the same transaction: a retry stops at the
// claim, and the new ID is never stored.
func (s *service) PlaceKeyed(ctx context.Context, key string, total int64) error {
	return s.orders.CreateWithKey(ctx, key, Order{ID: uuid.NewString(), Total: total})
}

// CaptureLoose builds the request without its key: the gateway sends
// none.
func (s *service) CaptureLoose(ctx context.Context, amount int64) error {
	return s.pay.Capture(ctx, CaptureRequest{Amount: amount})
}

// HoldKeyed passes the caller's key.
func (s *service) HoldKeyed(ctx context.Context, key string, amount int64) error {
	return s.pay.Hold(ctx, CaptureRequest{Amount: amount, Key: key})
}

func (s *service) Pickup(ctx context.Context, id string) error { return s.ship.Pickup(ctx, id) }

func (s *service) Ship(ctx context.Context, key string) error { return s.ship.Ship(ctx, key) }

// Deliver records the delivery before it is sent under its ID, counts
// each attempt with the error it ended with, and marks the delivery
// done: the count is meant to grow with every attempt, a retry's
// included.
func (s *service) Deliver(ctx context.Context, id string) error {
	if err := s.deliv.Ensure(ctx, id); err != nil {
		return err
	}
	sendErr := s.ship.Ship(ctx, id)
	errText := ""
	if sendErr != nil {
		errText = sendErr.Error()
	}
	if err := s.deliv.RecordAttempt(ctx, id, errText); err != nil {
		log.Print(err)
	}
	if sendErr != nil {
		return sendErr
	}
	return s.deliv.MarkDelivered(ctx, id)
}
