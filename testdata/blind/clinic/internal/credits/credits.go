// Package credits grants goodwill account credits to patients (support tool).
package credits

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/acme/clinic/internal/platform/db"
	"github.com/acme/clinic/internal/platform/ids"
)

var ErrDuplicate = errors.New("credit already granted for this request")

type Credit struct {
	ID          string    `json:"id" db:"id"`
	PatientID   string    `json:"patient_id" db:"patient_id"`
	AmountCents int64     `json:"amount_cents" db:"amount_cents"`
	Reason      string    `json:"reason" db:"reason"`
	RequestKey  string    `json:"-" db:"request_key"`
	GrantedBy   string    `json:"granted_by" db:"granted_by"`
	CreatedAt   time.Time `json:"created_at" db:"created_at"`
}

type Ledger struct {
	pool *sql.DB
}

func NewLedger(pool *sql.DB) *Ledger { return &Ledger{pool: pool} }

func (l *Ledger) RequestSeen(ctx context.Context, key string) (bool, error) {
	var seen bool
	err := db.Conn(ctx, l.pool).QueryRowContext(ctx,
		`SELECT EXISTS (SELECT 1 FROM patient_credits WHERE request_key = $1)`, key).Scan(&seen)
	return seen, err
}

func (l *Ledger) Insert(ctx context.Context, c Credit) error {
	_, err := db.Conn(ctx, l.pool).ExecContext(ctx, `
		INSERT INTO patient_credits (id, patient_id, amount_cents, reason, request_key, granted_by)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		c.ID, c.PatientID, c.AmountCents, c.Reason, c.RequestKey, c.GrantedBy)
	return err
}

func (l *Ledger) Balance(ctx context.Context, patientID string) (int64, error) {
	var total int64
	err := db.Conn(ctx, l.pool).QueryRowContext(ctx,
		`SELECT COALESCE(SUM(amount_cents), 0) FROM patient_credits WHERE patient_id = $1`, patientID).Scan(&total)
	return total, err
}

type Service struct {
	ledger *Ledger
	tx     db.Transactor
	limit  int64
}

func NewService(ledger *Ledger, tx db.Transactor) *Service {
	return &Service{ledger: ledger, tx: tx, limit: 50_000}
}

type GrantInput struct {
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
}

// Grant adds a credit. requestKey is the admin UI's Idempotency-Key.
func (s *Service) Grant(ctx context.Context, patientID, requestKey, grantedBy string, in GrantInput) (Credit, error) {
	if requestKey == "" || in.AmountCents <= 0 || in.AmountCents > s.limit {
		return Credit{}, errors.New("invalid credit request")
	}
	seen, err := s.ledger.RequestSeen(ctx, requestKey)
	if err != nil {
		return Credit{}, err
	}
	if seen {
		return Credit{}, ErrDuplicate
	}
	c := Credit{
		ID:          ids.NewXID(),
		PatientID:   patientID,
		AmountCents: in.AmountCents,
		Reason:      in.Reason,
		RequestKey:  requestKey,
		GrantedBy:   grantedBy,
	}
	err = s.tx.RunInTx(ctx, func(ctx context.Context) error {
		balance, err := s.ledger.Balance(ctx, patientID)
		if err != nil {
			return err
		}
		if balance+c.AmountCents > 4*s.limit {
			return errors.New("credit balance cap exceeded")
		}
		return s.ledger.Insert(ctx, c)
	})
	return c, err
}
