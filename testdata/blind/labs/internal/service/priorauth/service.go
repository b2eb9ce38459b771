// Package priorauth checks whether ordered tests need payer prior
// authorization and tracks the payer's decisions.
package priorauth

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/meridianlabs/labs/internal/jobs"
	"github.com/meridianlabs/labs/internal/platform/db"
	"github.com/meridianlabs/labs/internal/platform/events"
	"github.com/meridianlabs/labs/internal/platform/inbox"
	"github.com/meridianlabs/labs/internal/providers/payer"
	"github.com/meridianlabs/labs/internal/store"
)

// Inquirer asks a payer gateway for a determination.
type Inquirer interface {
	Inquire(ctx context.Context, in payer.Inquiry) (*payer.Determination, error)
}

// ErrNoCoverage is returned for orders without insurance details.
var ErrNoCoverage = errors.New("order has no insurance coverage on file")

// Service is the prior-authorization service.
type Service struct {
	db       *sql.DB
	orders   *store.Orders
	patients *store.Patients
	repo     *store.Logistics
	queue    *jobs.Queue
	inbox    *inbox.Inbox
	gateway  Inquirer
	now      func() time.Time
	log      *slog.Logger
}

// New builds the service.
func New(conn *sql.DB, queue *jobs.Queue, gateway Inquirer, logger *slog.Logger) *Service {
	return &Service{
		db:       conn,
		orders:   store.NewOrders(conn),
		patients: store.NewPatients(conn),
		repo:     store.NewLogistics(conn),
		queue:    queue,
		inbox:    inbox.New(conn),
		gateway:  gateway,
		now:      time.Now,
		log:      logger,
	}
}

// CheckPayload is the payload of priorauth.check jobs.
type CheckPayload struct {
	OrderID string `json:"order_id"`
}

// ScheduleCheck queues a prior-auth check for new insurance orders that
// contain a test requiring authorization.
func (s *Service) ScheduleCheck(ctx context.Context, messageID string, evt events.OrderPlaced) error {
	if evt.BillingMode != "insurance" {
		return nil
	}
	catalog, err := s.orders.CatalogTests(ctx, evt.TestCodes)
	if err != nil {
		return err
	}
	needs := false
	for _, t := range catalog {
		needs = needs || t.RequiresAuth
	}
	if !needs {
		return nil
	}
	return db.InTx(ctx, s.db, func(tx *sql.Tx) error {
		first, err := s.inbox.WithTx(tx).Claim(ctx, "priorauth.schedule", messageID)
		if err != nil || !first {
			return err
		}
		_, err = s.queue.WithTx(tx).Enqueue(ctx, jobs.KindPriorAuthCheck, CheckPayload{OrderID: evt.OrderID})
		return err
	})
}

// Check asks the payer for a determination and stores it as the order's
// current prior-auth state.
func (s *Service) Check(ctx context.Context, orderID string) (store.PriorAuth, error) {
	o, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return store.PriorAuth{}, err
	}
	p, err := s.patients.Get(ctx, o.PatientID)
	if err != nil {
		return store.PriorAuth{}, err
	}
	if p.PayerID == "" || p.MemberID == "" {
		return store.PriorAuth{}, ErrNoCoverage
	}
	tests, err := s.orders.Tests(ctx, o.ID)
	if err != nil {
		return store.PriorAuth{}, err
	}
	codes := make([]string, 0, len(tests))
	for _, t := range tests {
		codes = append(codes, t.CPTCode)
	}

	det, err := s.gateway.Inquire(ctx, payer.Inquiry{
		PayerID:      p.PayerID,
		MemberID:     p.MemberID,
		PatientDOB:   p.BirthDate.Format("2006-01-02"),
		ProviderNPI:  o.OrderingNPI,
		ServiceCodes: codes,
		ServiceDate:  s.now(),
	})
	if err != nil {
		return store.PriorAuth{}, fmt.Errorf("payer inquiry: %w", err)
	}
	detail, _ := json.Marshal(det)
	pa := store.PriorAuth{
		OrderID:   o.ID,
		PayerID:   p.PayerID,
		PayerRef:  det.PayerRef,
		Status:    det.Status,
		Detail:    detail,
		CheckedAt: s.now(),
	}
	if err := s.repo.UpsertPriorAuth(ctx, pa); err != nil {
		return pa, err
	}
	return pa, nil
}

// Decision is a payer's callback with a final decision.
type Decision struct {
	PayerRef  string    `json:"payer_ref"`
	Status    string    `json:"status"`
	DecidedAt time.Time `json:"decided_at"`
	TraceID   uuid.UUID `json:"trace_id"`
}

// Decide applies a payer decision. Denied orders are put on hold until
// client services contacts the ordering provider.
func (s *Service) Decide(ctx context.Context, d Decision) error {
	return db.InTx(ctx, s.db, func(tx *sql.Tx) error {
		orderID, err := s.repo.WithTx(tx).DecidePriorAuth(ctx, d.PayerRef, d.Status, d.DecidedAt)
		if errors.Is(err, db.ErrNotFound) {
			s.log.InfoContext(ctx, "stale or unknown prior-auth decision", "payer_ref", d.PayerRef)
			return nil
		}
		if err != nil {
			return err
		}
		switch d.Status {
		case "denied":
			_, err = s.orders.WithTx(tx).Transition(ctx, orderID, []string{"placed"}, "on_hold", "prior auth denied")
		case "approved":
			_, err = s.orders.WithTx(tx).Transition(ctx, orderID, []string{"on_hold"}, "placed", "")
		}
		if errors.Is(err, db.ErrNotFound) {
			return nil
		}
		return err
	})
}
