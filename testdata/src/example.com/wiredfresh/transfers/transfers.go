// Package transfers moves money between wallets; the handlers that call
// it are in another package, which calls the service itself, not an
// interface of it.
package transfers

import (
	"context"

	"example.com/wiredfresh/bank"

	"github.com/google/uuid"
)

// A Transfer moves Amount from one wallet to another.
type Transfer struct {
	ID       uuid.UUID
	From, To string
	Amount   int64
	Ref      string
}

// An Option sets what a transfer is made with.
type Option func(*Transfer)

// WithIdempotencyKey names the transfer's reference: the package's own
// option, so that a context key the fixes declare takes another name.
func WithIdempotencyKey(key string) Option {
	return func(t *Transfer) { t.Ref = key }
}

// Repo stores transfers; main wires its implementation.
type Repo interface {
	Insert(ctx context.Context, t Transfer) error
}

// Notes keeps notes on transfers; main wires its implementation.
type Notes interface {
	Add(ctx context.Context, transferID, text string) error
	AddAs(ctx context.Context, id, transferID, text string) error
}

// IDs makes IDs; main wires one that makes them fresh.
type IDs interface{ New() string }

// Payer pays out through a bank; main wires its implementation.
type Payer interface {
	Pay(ctx context.Context, amount int64, opts ...bank.Option) error
}

// Service moves money.
type Service struct {
	Repo  Repo
	Notes Notes
	Payer Payer
	IDs   IDs
}

// Flag notes a transfer under an ID its IDs make: the fix derives it
// from the key the handler puts in the context, as for any other.
func (s *Service) Flag(ctx context.Context, transferID string) error {
	return s.Notes.AddAs(ctx, s.IDs.New(), transferID, "flagged") // want `a retry inserts a second transfer_notes row with a new id: IDs.New\(\) is fresh on every attempt \(HTTP handler API.Flag\)`
}

// Payout pays amount out, with no key of its own: the fix passes the
// one the handler puts in the context.
func (s *Service) Payout(ctx context.Context, amount int64) error {
	return s.Payer.Pay(ctx, amount)
}

// Note adds a note to a transfer, in the context it is given.
func (s *Service) Note(ctx context.Context, transferID, text string) error {
	return s.Notes.Add(ctx, transferID, text)
}

// Create records a transfer under a new ID: a retry records it again.
func (s *Service) Create(ctx context.Context, from, to string, amount int64) (Transfer, error) {
	t := Transfer{ID: uuid.New(), From: from, To: to, Amount: amount} // want `a retry inserts a second wallet_transfers row with a new id: uuid.New\(\) is fresh on every attempt \(HTTP handler API.Create\)`
	return t, s.Repo.Insert(ctx, t)
}

// Book records a transfer under a new ID made here, beside the
// reference its caller gives it.
func (s *Service) Book(ctx context.Context, ref, from, to string, amount int64) error {
	return s.Repo.Insert(ctx, Transfer{ID: uuid.New(), From: from, To: to, Amount: amount, Ref: ref}) // want `a retry inserts a second wallet_transfers row with a new id: uuid.New\(\) is fresh on every attempt \(HTTP handler API.Book\)`
}

// Reverse records the reversal of a transfer under an ID a helper
// makes: the fix derives the value where the helper is called.
func (s *Service) Reverse(ctx context.Context, from, to string, amount int64) error {
	return s.Repo.Insert(ctx, Transfer{ID: newReversalID(), From: to, To: from, Amount: amount})
}

// newReversalID makes a reversal's ID.
func newReversalID() uuid.UUID {
	return uuid.New() // want `a retry inserts a second wallet_transfers row with a new id: uuid.New\(\) is fresh on every attempt \(HTTP handler API.Reverse\)`
}

// Split records a transfer under a new ID; API.Halves calls it twice,
// and the first's row commits before the second is made.
func (s *Service) Split(ctx context.Context, from, to string, amount int64) error {
	return s.Repo.Insert(ctx, Transfer{ID: uuid.New(), From: from, To: to, Amount: amount}) // want `a retry inserts a second wallet_transfers row with a new id: uuid.New\(\) is fresh on every attempt \(HTTP handler API.Halves\); first put the writes before it in one transaction with it \(a retry repeats them\), then derive it from the request's Idempotency-Key header, passed down to where it is made`
}
