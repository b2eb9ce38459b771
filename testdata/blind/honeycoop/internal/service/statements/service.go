// Package statements produces the monthly account statement each member
// receives by email.
package statements

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/amberfield-labs/honeycoop/internal/platform/period"
	"github.com/amberfield-labs/honeycoop/internal/provider/mailer"
	"github.com/amberfield-labs/honeycoop/internal/store"
)

const JobSendStatement = "statement.send"

type StatementStore interface {
	CreatePending(ctx context.Context, st *store.Statement) (bool, error)
	Get(ctx context.Context, id string) (*store.Statement, error)
	MarkSent(ctx context.Context, id string, at time.Time) error
}

type Members interface {
	Members(ctx context.Context) ([]store.Member, error)
	Member(ctx context.Context, id string) (*store.Member, error)
}

type Balances interface {
	Balance(ctx context.Context, memberID string, until time.Time) (int64, error)
}

type Queue interface {
	Enqueue(ctx context.Context, spec store.JobSpec) error
}

type TxRunner interface {
	WithTx(ctx context.Context, fn func(ctx context.Context) error) error
}

type Mailer interface {
	Send(ctx context.Context, msg mailer.Message) (string, error)
}

type Service interface {
	GenerateMonthly(ctx context.Context, p string) error
	Send(ctx context.Context, statementID string) error
}

type Deps struct {
	Tx         TxRunner
	Statements StatementStore
	Members    Members
	Balances   Balances
	Queue      Queue
	Mail       Mailer
	NewID      func() string
	Now        func() time.Time
}

type service struct{ Deps }

func New(d Deps) Service { return &service{Deps: d} }

// GenerateMonthly writes one statement per member for period p and queues
// its email. Run by the statements cron; safe to run again for a period.
func (s *service) GenerateMonthly(ctx context.Context, p string) error {
	_, end, err := period.Bounds(p)
	if err != nil {
		return err
	}
	members, err := s.Members.Members(ctx)
	if err != nil {
		return err
	}
	var errs []error
	for _, m := range members {
		balance, err := s.Balances.Balance(ctx, m.ID, end)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		st := &store.Statement{
			ID:           s.NewID(),
			MemberID:     m.ID,
			Period:       p,
			BalanceCents: balance,
			Status:       "pending",
			CreatedAt:    s.Now(),
		}
		err = s.Tx.WithTx(ctx, func(ctx context.Context) error {
			created, err := s.Statements.CreatePending(ctx, st)
			if err != nil || !created {
				return err
			}
			return s.Queue.Enqueue(ctx, store.JobSpec{
				Kind:      JobSendStatement,
				UniqueKey: "statement:" + st.ID,
				Payload:   map[string]string{"statement_id": st.ID},
			})
		})
		if err != nil {
			errs = append(errs, fmt.Errorf("member %s: %w", m.ID, err))
		}
	}
	return errors.Join(errs...)
}

// Send runs from the job queue.
func (s *service) Send(ctx context.Context, statementID string) error {
	st, err := s.Statements.Get(ctx, statementID)
	if err != nil {
		return err
	}
	if st.Status == "sent" {
		return nil
	}
	m, err := s.Members.Member(ctx, st.MemberID)
	if err != nil {
		return err
	}
	if _, err := s.Mail.Send(ctx, mailer.Message{
		To:       m.Email,
		Subject:  "Your honey account statement for " + st.Period,
		Template: "member-statement",
		Vars: map[string]string{
			"name":    m.Name,
			"period":  st.Period,
			"balance": fmt.Sprintf("%.2f", float64(st.BalanceCents)/100),
		},
	}); err != nil {
		return err
	}
	return s.Statements.MarkSent(ctx, st.ID, s.Now())
}
