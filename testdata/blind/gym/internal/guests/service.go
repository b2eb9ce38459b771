// Package guests issues guest passes against a member's monthly allowance.
package guests

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/pulsefit/memberships/internal/apperr"
	"github.com/pulsefit/memberships/internal/db"
	"github.com/pulsefit/memberships/internal/ids"
	"github.com/pulsefit/memberships/internal/tasks"
	"github.com/pulsefit/memberships/internal/txn"
)

// ExtraPassFeeCents is charged on first entry for passes beyond the plan's
// monthly allowance.
const ExtraPassFeeCents = 1500

type Service struct {
	pool  *pgxpool.Pool
	tx    txn.Runner
	queue tasks.Queue
	log   *slog.Logger
}

func NewService(pool *pgxpool.Pool, tx txn.Runner, queue tasks.Queue, log *slog.Logger) *Service {
	return &Service{pool: pool, tx: tx, queue: queue, log: log.With("component", "guests")}
}

type IssueInput struct {
	MemberID   uuid.UUID
	GuestName  string
	GuestPhone string
	ValidOn    time.Time
}

type Pass struct {
	ID        uuid.UUID `json:"id"`
	Code      string    `json:"code"`
	GuestName string    `json:"guest_name"`
	ValidOn   string    `json:"valid_on"`
	FeeCents  int64     `json:"fee_cents"`
}

// Issue creates a guest pass, counts it against this month's allowance and
// schedules the guest's invitation and door credential.
func (s *Service) Issue(ctx context.Context, in IssueInput) (Pass, error) {
	if in.GuestPhone == "" || in.GuestName == "" {
		return Pass{}, apperr.Invalid("guest name and phone are required")
	}
	month := in.ValidOn.UTC().Format("2006-01")
	var pass db.GuestPass
	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		q := txn.Queries(ctx, s.pool)
		plan, err := q.GetActivePlanForMember(ctx, in.MemberID)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.Forbidden("no active membership")
		}
		if err != nil {
			return err
		}
		used, err := q.IncrementGuestAllowance(ctx, db.IncrementGuestAllowanceParams{MemberID: in.MemberID, Month: month})
		if err != nil {
			return err
		}
		var fee int64
		if used > plan.GuestPassesPerMonth {
			fee = ExtraPassFeeCents
		}
		pass, err = q.InsertGuestPass(ctx, db.InsertGuestPassParams{
			ID:         ids.NewUUID(),
			MemberID:   in.MemberID,
			GuestName:  in.GuestName,
			GuestPhone: in.GuestPhone,
			Code:       ids.GuestCode(),
			ValidOn:    in.ValidOn,
			FeeCents:   fee,
		})
		return err
	})
	if err != nil {
		return Pass{}, err
	}

	for _, t := range []struct {
		typ, key, queue string
	}{
		{tasks.TypeIssueGuestCredential, "guest-credential", tasks.QueueCritical},
		{tasks.TypeGuestPassInvite, "guest-invite", tasks.QueueNotify},
	} {
		if err := s.queue.Enqueue(ctx, t.typ, tasks.GuestPassPayload{GuestPassID: pass.ID},
			tasks.Key(t.key, pass.ID.String()), asynq.Queue(t.queue)); err != nil {
			return Pass{}, err
		}
	}
	return Pass{
		ID:        pass.ID,
		Code:      pass.Code,
		GuestName: pass.GuestName,
		ValidOn:   pass.ValidOn.Format(time.DateOnly),
		FeeCents:  pass.FeeCents,
	}, nil
}
