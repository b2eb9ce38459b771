package store

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/learnloop/tutoring/internal/domain"
	"github.com/learnloop/tutoring/internal/platform/database"
)

// Earnings stores what the platform owes tutors per completed lesson.
type Earnings interface {
	Insert(ctx context.Context, q database.Querier, e domain.Earning) error
	UnpaidByTutor(ctx context.Context, q database.Querier) (map[uuid.UUID][]domain.Earning, error)
	MarkPaid(ctx context.Context, q database.Querier, ids []uuid.UUID, payoutID string) error
}

type pgEarnings struct{}

// NewEarnings returns the Postgres earnings repository.
func NewEarnings() *pgEarnings { return &pgEarnings{} }

func (r *pgEarnings) Insert(ctx context.Context, q database.Querier, e domain.Earning) error {
	_, err := q.Exec(ctx, `
		INSERT INTO tutor_earnings (id, tutor_id, lesson_id, amount_cents) VALUES ($1, $2, $3, $4)`,
		e.ID, e.TutorID, e.LessonID, e.AmountCents)
	return err
}

func (r *pgEarnings) UnpaidByTutor(ctx context.Context, q database.Querier) (map[uuid.UUID][]domain.Earning, error) {
	rows, err := q.Query(ctx, `
		SELECT id, tutor_id, lesson_id, amount_cents, created_at
		FROM tutor_earnings WHERE payout_id IS NULL ORDER BY tutor_id, created_at`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[uuid.UUID][]domain.Earning{}
	for rows.Next() {
		var e domain.Earning
		if err := rows.Scan(&e.ID, &e.TutorID, &e.LessonID, &e.AmountCents, &e.CreatedAt); err != nil {
			return nil, err
		}
		out[e.TutorID] = append(out[e.TutorID], e)
	}
	return out, rows.Err()
}

func (r *pgEarnings) MarkPaid(ctx context.Context, q database.Querier, ids []uuid.UUID, payoutID string) error {
	_, err := q.Exec(ctx, `UPDATE tutor_earnings SET payout_id = $2 WHERE id = ANY($1) AND payout_id IS NULL`, ids, payoutID)
	return err
}

// Payouts stores payout batches and the transfers made in them.
type Payouts interface {
	StartBatch(ctx context.Context, q database.Querier, id string) error
	FinishBatch(ctx context.Context, q database.Querier, id, status string) error
	Insert(ctx context.Context, q database.Querier, p domain.Payout) error
	CopyItems(ctx context.Context, tx pgx.Tx, payoutID string, items []domain.Earning) error
}

type pgPayouts struct{}

// NewPayouts returns the Postgres payout repository.
func NewPayouts() *pgPayouts { return &pgPayouts{} }

func (r *pgPayouts) StartBatch(ctx context.Context, q database.Querier, id string) error {
	_, err := q.Exec(ctx, `INSERT INTO payout_batches (id) VALUES ($1)`, id)
	return err
}

func (r *pgPayouts) FinishBatch(ctx context.Context, q database.Querier, id, status string) error {
	_, err := q.Exec(ctx, `UPDATE payout_batches SET status = $2, finished_at = now() WHERE id = $1`, id, status)
	return err
}

func (r *pgPayouts) Insert(ctx context.Context, q database.Querier, p domain.Payout) error {
	_, err := q.Exec(ctx, `
		INSERT INTO payouts (id, batch_id, tutor_id, amount_cents, currency, stripe_transfer_id)
		VALUES ($1, $2, $3, $4, $5, $6)`, p.ID, p.BatchID, p.TutorID, p.AmountCents, p.Currency, p.StripeTransferID)
	return err
}

func (r *pgPayouts) CopyItems(ctx context.Context, tx pgx.Tx, payoutID string, items []domain.Earning) error {
	_, err := tx.CopyFrom(ctx, pgx.Identifier{"payout_items"}, []string{"payout_id", "earning_id", "amount_cents"},
		pgx.CopyFromSlice(len(items), func(i int) ([]any, error) {
			return []any{payoutID, items[i].ID, items[i].AmountCents}, nil
		}))
	return err
}
