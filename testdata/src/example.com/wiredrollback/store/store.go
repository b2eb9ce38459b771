// Package store keeps the shelter's rows with sqlx; its repositories run
// on the database or on a unit of work's transaction.
package store

import (
	"context"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"
)

// Animal is an animal's record.
type Animal struct {
	ID   string `db:"id"`
	Name string `db:"name"`
}

// Transfer is a partner's transfer of an animal to the shelter.
type Transfer struct {
	ID                string `db:"id"`
	PartnerID         string `db:"partner_id"`
	PartnerTransferID string `db:"partner_transfer_id"`
	AnimalID          string `db:"animal_id"`
}

// Donation is a gift a platform reports.
type Donation struct {
	ID         string `db:"id"`
	Platform   string `db:"platform"`
	ExternalID string `db:"external_id"`
	Amount     int64  `db:"amount"`
}

// AnimalRepo keeps animals.
type AnimalRepo struct{ q sqlx.ExtContext }

func (r *AnimalRepo) Insert(ctx context.Context, a Animal) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `INSERT INTO rescue_animals (id, name) VALUES (:id, :name)`, a)
	return err
}

// TransferRepo keeps transfers.
type TransferRepo struct{ q sqlx.ExtContext }

func (r *TransferRepo) Insert(ctx context.Context, t Transfer) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, insertTransfer, t) // want `a retry inserts the row for the same \(partner_id, partner_transfer_id\) again, which fails or duplicates it: the INSERT into intake_transfers in store.TransferRepo.Insert has no conflict handling`
	return err
}

const insertTransfer = `
	INSERT INTO intake_transfers (id, partner_id, partner_transfer_id, animal_id)
	VALUES (:id, :partner_id, :partner_transfer_id, :animal_id)`

// InsertQuietly ignores a transfer stored before.
func (r *TransferRepo) InsertQuietly(ctx context.Context, t Transfer) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO intake_transfers (id, partner_id, partner_transfer_id, animal_id)
		VALUES (:id, :partner_id, :partner_transfer_id, :animal_id)
		ON CONFLICT (partner_id, partner_transfer_id) DO NOTHING`, t)
	return err
}

// OutboxRepo queues events for the relay.
type OutboxRepo struct{ q sqlx.ExtContext }

func (r *OutboxRepo) Enqueue(ctx context.Context, topic, payload string) error {
	_, err := r.q.ExecContext(ctx, `INSERT INTO shelter_outbox (id, topic, payload) VALUES ($1, $2, $3)`, uuid.NewString(), topic, payload) // want `a retry inserts a second shelter_outbox row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.PostDonationAny\)`
	return err
}

// DonationRepo keeps donations.
type DonationRepo struct{ q sqlx.ExtContext }

// Insert stores a donation once: inserted says whether this call stored
// it, or found the platform's gift stored before.
func (r *DonationRepo) Insert(ctx context.Context, d Donation) (id string, inserted bool, err error) {
	rows, err := sqlx.NamedQueryContext(ctx, r.q, `
		INSERT INTO gifts (id, platform, external_id, amount)
		VALUES (:id, :platform, :external_id, :amount)
		ON CONFLICT ON CONSTRAINT gifts_platform_external_key
		DO UPDATE SET platform = EXCLUDED.platform
		RETURNING id, (xmax = 0) AS inserted`, d)
	if err != nil {
		return "", false, err
	}
	defer rows.Close()
	if !rows.Next() {
		return "", false, rows.Err()
	}
	err = rows.Scan(&id, &inserted)
	return id, inserted, err
}

// Upsert stores a donation, or updates the one stored before.
func (r *DonationRepo) Upsert(ctx context.Context, d Donation) (string, error) {
	rows, err := sqlx.NamedQueryContext(ctx, r.q, `
		INSERT INTO gifts (id, platform, external_id, amount)
		VALUES (:id, :platform, :external_id, :amount)
		ON CONFLICT ON CONSTRAINT gifts_platform_external_key
		DO UPDATE SET amount = EXCLUDED.amount
		RETURNING id`, d)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	var id string
	if rows.Next() {
		err = rows.Scan(&id)
	}
	return id, err
}

// Repos are the repositories of one unit of work.
type Repos struct {
	Animals   *AnimalRepo
	Transfers *TransferRepo
	Outbox    *OutboxRepo
	Donations *DonationRepo
}

func newRepos(q sqlx.ExtContext) *Repos {
	return &Repos{Animals: &AnimalRepo{q: q}, Transfers: &TransferRepo{q: q}, Outbox: &OutboxRepo{q: q}, Donations: &DonationRepo{q: q}}
}

// UnitOfWork runs work in one transaction.
type UnitOfWork struct{ db *sqlx.DB }

// NewUnitOfWork returns a unit of work on db.
func NewUnitOfWork(db *sqlx.DB) *UnitOfWork { return &UnitOfWork{db: db} }

// Do runs fn in a transaction it commits when fn succeeds.
func (u *UnitOfWork) Do(ctx context.Context, fn func(ctx context.Context, r *Repos) error) error {
	tx, err := u.db.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(ctx, newRepos(tx)); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}
