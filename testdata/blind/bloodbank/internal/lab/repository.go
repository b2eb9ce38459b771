package lab

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/hemolink-systems/bloodbank/internal/platform/database"
)

// Result is one screening test outcome for a donation.
type Result struct {
	ID           uuid.UUID `db:"id"`
	DonationID   uuid.UUID `db:"donation_id"`
	TestCode     string    `db:"test_code"`
	Outcome      string    `db:"outcome"`
	LabMessageID string    `db:"lab_message_id"`
	ReportedAt   time.Time `db:"reported_at"`
	ReceivedAt   time.Time `db:"received_at"`
}

// Deferral stops a donor from donating after a confirmed reactive result.
type Deferral struct {
	ID            uuid.UUID  `db:"id"`
	DonorID       uuid.UUID  `db:"donor_id"`
	DonationID    uuid.UUID  `db:"donation_id"`
	Reason        string     `db:"reason"`
	DeferredUntil *time.Time `db:"deferred_until"`
}

type Repository interface {
	InsertResult(ctx context.Context, r Result) error
	ResultsFor(ctx context.Context, donationID uuid.UUID) ([]Result, error)
	ReleaseDonation(ctx context.Context, tx *sqlx.Tx, donationID uuid.UUID) (bool, error)
	ReleaseComponents(ctx context.Context, tx *sqlx.Tx, donationID uuid.UUID) (int64, error)
	InsertDeferral(ctx context.Context, tx *sqlx.Tx, d Deferral) error
	DeferDonor(ctx context.Context, tx *sqlx.Tx, donorID uuid.UUID, until *time.Time) error
	DiscardDonation(ctx context.Context, tx *sqlx.Tx, donationID uuid.UUID) error
	ManifestSubmitted(ctx context.Context, donationNumber string) (bool, error)
	SaveManifest(ctx context.Context, donationNumber, labRef string) error
}

type pgRepository struct{ db *sqlx.DB }

func NewRepository(db *sqlx.DB) Repository { return &pgRepository{db: db} }

const insertResult = `
INSERT INTO lab_results (id, donation_id, test_code, outcome, lab_message_id, reported_at, received_at)
VALUES (:id, :donation_id, :test_code, :outcome, :lab_message_id, :reported_at, :received_at)`

func (r *pgRepository) InsertResult(ctx context.Context, res Result) error {
	_, err := r.db.NamedExecContext(ctx, insertResult, res)
	return err
}

func (r *pgRepository) ResultsFor(ctx context.Context, donationID uuid.UUID) ([]Result, error) {
	var out []Result
	err := r.db.SelectContext(ctx, &out, `
		SELECT id, donation_id, test_code, outcome, lab_message_id, reported_at, received_at
		  FROM lab_results WHERE donation_id = $1`, donationID)
	return out, err
}

func (r *pgRepository) ReleaseDonation(ctx context.Context, tx *sqlx.Tx, donationID uuid.UUID) (bool, error) {
	res, err := tx.ExecContext(ctx, `
		UPDATE donations SET status = 'released', updated_at = now()
		 WHERE id = $1 AND status = 'quarantined'`, donationID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (r *pgRepository) ReleaseComponents(ctx context.Context, tx *sqlx.Tx, donationID uuid.UUID) (int64, error) {
	res, err := tx.ExecContext(ctx, `
		UPDATE components SET status = 'available', updated_at = now()
		 WHERE donation_id = $1 AND status = 'quarantine' AND expires_at > now()`, donationID)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (r *pgRepository) InsertDeferral(ctx context.Context, tx *sqlx.Tx, d Deferral) error {
	_, err := tx.NamedExecContext(ctx, `
		INSERT INTO deferrals (id, donor_id, donation_id, reason, deferred_until)
		VALUES (:id, :donor_id, :donation_id, :reason, :deferred_until)
		ON CONFLICT (donation_id) DO NOTHING`, d)
	return err
}

func (r *pgRepository) DeferDonor(ctx context.Context, tx *sqlx.Tx, donorID uuid.UUID, until *time.Time) error {
	// A NULL deferred_until on the deferral means permanent; the donor row
	// carries a far-future date so booking checks stay simple.
	if until == nil {
		far := time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC)
		until = &far
	}
	_, err := tx.ExecContext(ctx, `
		UPDATE donors SET deferred_until = GREATEST(COALESCE(deferred_until, $2), $2)
		 WHERE id = $1`, donorID, *until)
	return err
}

func (r *pgRepository) DiscardDonation(ctx context.Context, tx *sqlx.Tx, donationID uuid.UUID) error {
	if _, err := tx.ExecContext(ctx, `
		UPDATE donations SET status = 'discarded', updated_at = now()
		 WHERE id = $1 AND status <> 'discarded'`, donationID); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `
		UPDATE components SET status = 'discarded', updated_at = now()
		 WHERE donation_id = $1 AND status IN ('quarantine', 'available')`, donationID)
	return err
}

func (r *pgRepository) ManifestSubmitted(ctx context.Context, donationNumber string) (bool, error) {
	var n int
	err := r.db.GetContext(ctx, &n, `SELECT count(*) FROM lab_manifests WHERE donation_number = $1`, donationNumber)
	return n > 0, err
}

func (r *pgRepository) SaveManifest(ctx context.Context, donationNumber, labRef string) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO lab_manifests (donation_number, lab_reference) VALUES ($1, $2)
		ON CONFLICT (donation_number) DO NOTHING`, donationNumber, labRef)
	return err
}

var _ database.Ext = (*sqlx.Tx)(nil)
