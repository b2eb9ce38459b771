// Package store keeps accruals with gorm and the ledger with
// database/sql.
package store

import (
	"context"
	"database/sql"

	"example.com/wiredfresh/accrual"
	"example.com/wiredfresh/members"
	"example.com/wiredfresh/pledges"
	"example.com/wiredfresh/transfers"
	"github.com/google/uuid"
	"gorm.io/gorm"
)

// rentalModel is stored in rental_accruals, which its TableName names:
// not the table its type's name would give.
type rentalModel struct {
	ID       string
	MemberID string
	Miles    int
}

func (rentalModel) TableName() string { return "rental_accruals" }

// Accruals stores accruals.
type Accruals struct{ DB *gorm.DB }

// InsertRental stores a rental's accrual.
func (a *Accruals) InsertRental(ctx context.Context, r accrual.Rental) error {
	return a.DB.WithContext(ctx).Create(&rentalModel{ID: r.ID, MemberID: r.MemberID, Miles: r.Miles}).Error // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into rental_accruals in store.Accruals.InsertRental is not idempotent \(HTTP handler Handlers.Rental\)`
}

// Tx runs work in a gorm transaction that the stores join.
type Tx struct{ DB *gorm.DB }

type txKey struct{}

// Do runs fn in a transaction.
func (t *Tx) Do(ctx context.Context, fn func(ctx context.Context) error) error {
	return t.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(context.WithValue(ctx, txKey{}, tx))
	})
}

// Ledger posts miles.
type Ledger struct{ DB *sql.DB }

// Post inserts an entry.
func (l *Ledger) Post(ctx context.Context, p accrual.Posting) error {
	_, err := l.DB.ExecContext(ctx, "INSERT INTO ledger_entries (member_id, source, source_ref, miles) VALUES ($1, $2, $3, $4)", p.MemberID, p.Source, p.SourceRef, p.Miles) // want `a retry inserts the row for the same \(member_id, source, source_ref\) again, which fails or duplicates it: the INSERT into ledger_entries in store.Ledger.Post has no conflict handling for the caller-known \(member_id, source, source_ref\) \(HTTP handler Handlers.Card\)`
	return err
}

// Credit inserts an entry of an accrual of the member's.
func (l *Ledger) Credit(ctx context.Context, p accrual.Posting) error {
	_, err := l.DB.ExecContext(ctx, "INSERT INTO ledger_entries (member_id, source, source_ref, miles) VALUES ($1, $2, $3, $4)", p.MemberID, p.Source, p.SourceRef, p.Miles)
	return err
}

// Chargeback records a chargeback and takes its miles back, in one
// transaction: the helper given the transaction writes there too.
func (l *Ledger) Chargeback(ctx context.Context, id string, miles int) error {
	tx, err := l.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "INSERT INTO chargebacks (id, amount) VALUES ($1, $2)", id, miles); err != nil { // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into chargebacks in store.Ledger.Chargeback is not idempotent \(HTTP handler Handlers.Chargeback\)` `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into chargebacks in store.Ledger.Chargeback has no conflict handling for the caller-known id \(HTTP handler Handlers.Chargeback\); add ON CONFLICT DO NOTHING and handle the existing row, stopping before the writes after it when it exists`
		return err
	}
	if err := takeBack(ctx, tx, miles); err != nil {
		return err
	}
	return tx.Commit()
}

// takeBack takes miles from the pool, with a statement it chooses.
func takeBack(ctx context.Context, tx *sql.Tx, miles int) error {
	q := "UPDATE pools SET miles = miles - $1"
	if miles < 0 {
		q = "UPDATE pools SET miles = 0"
	}
	_, err := tx.ExecContext(ctx, q, miles)
	return err
}

// Dispute records a dispute.
func (l *Ledger) Dispute(ctx context.Context, id string) error {
	_, err := l.DB.ExecContext(ctx, "INSERT INTO disputes (id) VALUES ($1)", id) // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into disputes in store.Ledger.Dispute has no conflict handling for the caller-known id \(HTTP handler Handlers.Chargeback\); add ON CONFLICT DO NOTHING and handle the existing row \[IDEM005\]$`
	return err
}

// Returns records returned transfers.
type Returns struct{ DB *sql.DB }

// Append records one.
func (s *Returns) Append(ctx context.Context, id, ref string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO returns (id, ref) VALUES ($1, $2)", id, ref)
	return err
}

// Pledges reads pledges and tiers, and runs their units of work.
type Pledges struct{ DB *sql.DB }

// Get reads a pledge.
func (s *Pledges) Get(ctx context.Context, id string) (pledges.Pledge, error) {
	var p pledges.Pledge
	err := s.DB.QueryRowContext(ctx, "SELECT id, tier_id FROM pledges WHERE id = $1", id).Scan(&p.ID, &p.TierID)
	return p, err
}

// Tier reads a tier.
func (s *Pledges) Tier(ctx context.Context, id string) (pledges.Tier, error) {
	var t pledges.Tier
	err := s.DB.QueryRowContext(ctx, "SELECT id FROM tiers WHERE id = $1", id).Scan(&t.ID)
	return t, err
}

// Do runs fn in a transaction.
func (s *Pledges) Do(ctx context.Context, fn func(ctx context.Context, r pledges.Repos) error) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(ctx, &pledgeRepos{tx: tx}); err != nil {
		return err
	}
	return tx.Commit()
}

type pledgeRepos struct{ tx *sql.Tx }

func (r *pledgeRepos) UpdateTier(ctx context.Context, pledgeID, tierID string) error {
	_, err := r.tx.ExecContext(ctx, "UPDATE pledges SET tier_id = $2 WHERE id = $1", pledgeID, tierID)
	return err
}

func (r *pledgeRepos) AddAdjustment(ctx context.Context, a pledges.Adjustment) error {
	_, err := r.tx.ExecContext(ctx, "INSERT INTO adjustments (id, pledge_id, reason) VALUES ($1, $2, $3)", a.ID, a.PledgeID, a.Reason)
	return err
}

// Transfers stores transfers.
type Transfers struct{ DB *sql.DB }

// Insert stores t.
func (s *Transfers) Insert(ctx context.Context, t transfers.Transfer) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO wallet_transfers (id, from_wallet, to_wallet, amount, ref) VALUES ($1, $2, $3, $4, $5)", t.ID, t.From, t.To, t.Amount, t.Ref) // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into wallet_transfers in store.Transfers.Insert is not idempotent \(HTTP handler API.Halves\)`
	return err
}

// TransferNotes stores notes on transfers.
type TransferNotes struct{ DB *sql.DB }

// Add stores a note under a new ID.
func (s *TransferNotes) Add(ctx context.Context, transferID, text string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO transfer_notes (id, transfer_id, body) VALUES ($1, $2, $3)", uuid.NewString(), transferID, text) // want `a retry inserts a second transfer_notes row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler API.Note\)`
	return err
}

// AddAs stores a note under id.
func (s *TransferNotes) AddAs(ctx context.Context, id, transferID, text string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO transfer_notes (id, transfer_id, body) VALUES ($1, $2, $3)", id, transferID, text)
	return err
}

// UUIDs makes fresh IDs.
type UUIDs struct{}

// New returns a new UUID.
func (UUIDs) New() string { return uuid.NewString() }

// Enrolments runs the enrolments' unit of work.
type Enrolments struct{ DB *sql.DB }

// Do runs fn in a transaction.
func (s *Enrolments) Do(ctx context.Context, fn func(ctx context.Context, r members.Repos) error) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(ctx, &enrolmentRepos{tx: tx}); err != nil {
		return err
	}
	return tx.Commit()
}

type enrolmentRepos struct{ tx *sql.Tx }

// Claim stores key once, and reads back the resource stored first.
func (r *enrolmentRepos) Claim(ctx context.Context, key, resource string) (string, bool, error) {
	res, err := r.tx.ExecContext(ctx, "INSERT INTO enrolment_keys (key, resource) VALUES ($1, $2) ON CONFLICT DO NOTHING", key, resource)
	if err != nil {
		return "", false, err
	}
	if n, err := res.RowsAffected(); err != nil || n == 1 {
		return resource, n == 1, err
	}
	var existing string
	err = r.tx.QueryRowContext(ctx, "SELECT resource FROM enrolment_keys WHERE key = $1", key).Scan(&existing)
	return existing, false, err
}

// Create adds a member under the ID it is given.
func (r *enrolmentRepos) Create(ctx context.Context, m members.Member) error {
	_, err := r.tx.ExecContext(ctx, "INSERT INTO members (id, email) VALUES ($1, $2)", m.ID, m.Email)
	return err
}
