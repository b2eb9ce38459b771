// Package reports orders credit, eviction and criminal reports from the
// bureau, submits them, and applies the bureau's asynchronous callbacks.
package reports

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/tenantlens/screening/internal/domain"
	"github.com/tenantlens/screening/internal/notify"
	"github.com/tenantlens/screening/internal/platform/dbtx"
	"github.com/tenantlens/screening/internal/providers/bureau"
)

type Store interface {
	dbtx.TxRunner
	ApplicationForManager(ctx context.Context, managerID, id string) (domain.Application, error)
	GetApplication(ctx context.Context, q dbtx.Queryer, id string) (domain.Application, error)
	HasActiveConsent(ctx context.Context, applicationID string, at time.Time) (bool, error)
	TransitionApplication(ctx context.Context, q dbtx.Queryer, id string, from []string, to string) (bool, error)
	FeeForApplication(ctx context.Context, q dbtx.Queryer, applicationID string) (domain.FeeCharge, error)

	InsertReportOrder(ctx context.Context, q dbtx.Queryer, o domain.ReportOrder) error
	GetOrder(ctx context.Context, q dbtx.Queryer, id string) (domain.ReportOrder, error)
	OrdersForApplication(ctx context.Context, q dbtx.Queryer, applicationID string) ([]domain.ReportOrder, error)
	ClaimDueOrders(ctx context.Context, limit int, lease time.Duration) ([]domain.ReportOrder, error)
	LogBureauAttempt(ctx context.Context, orderID string, attempt, statusCode int, callErr error) error
	MarkOrderSubmitted(ctx context.Context, id, bureauRef string, at time.Time) error
	DeferOrder(ctx context.Context, id, reason string, next time.Time) error
	FailOrder(ctx context.Context, q dbtx.Queryer, id, reason string) error
	AcknowledgeOrder(ctx context.Context, id, bureauRef string, at time.Time) (bool, error)
	ClaimBureauEvent(ctx context.Context, q dbtx.Queryer, eventID, eventType, orderID string) (bool, error)
	SaveReportResult(ctx context.Context, q dbtx.Queryer, r domain.ReportResult) error
	CompleteOrder(ctx context.Context, q dbtx.Queryer, id string, at time.Time) error
	OutstandingOrders(ctx context.Context, q dbtx.Queryer, applicationID string) (int, error)
	RecordUsage(ctx context.Context, q dbtx.Queryer, u domain.UsageRecord) error
	InsertDispute(ctx context.Context, q dbtx.Queryer, d domain.Dispute) error
	MarkPartnerAcknowledged(ctx context.Context, orderID, partnerID string, at time.Time) (bool, error)
}

// Bureau submits orders.
type Bureau interface {
	SubmitOrder(ctx context.Context, req bureau.OrderRequest, observe bureau.AttemptFunc) (bureau.OrderAck, error)
}

// Notifier queues landlord webhooks inside a transaction.
type Notifier interface {
	Enqueue(ctx context.Context, q dbtx.Queryer, managerID, eventType, eventKey string, data any) error
}

// OpsPublisher sends notifications to the support team's queue.
type OpsPublisher interface {
	Publish(ctx context.Context, n notify.Notification) error
}

type Service struct {
	store    Store
	bureau   Bureau
	notifier Notifier
	ops      OpsPublisher
	newID    func() string
	now      func() time.Time

	callbackTopic string
	pricing       map[string]int64
	products      map[string]string
	maxAttempts   int
}

func NewService(st Store, b Bureau, n Notifier, ops OpsPublisher, newID func() string, callbackTopic string) *Service {
	return &Service{
		store:         st,
		bureau:        b,
		notifier:      n,
		ops:           ops,
		newID:         newID,
		now:           time.Now,
		callbackTopic: callbackTopic,
		pricing:       map[string]int64{"credit": 1495, "eviction": 995, "criminal": 1295},
		products:      map[string]string{"credit": "RESIDENT_CREDIT_V2", "eviction": "EVICTION_NATIONAL", "criminal": "CRIMINAL_NATIONAL"},
		maxAttempts:   8,
	}
}

// ReportTypes lists the report products that can be ordered.
func (s *Service) ReportTypes() []string {
	out := make([]string, 0, len(s.products))
	for k := range s.products {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// Order queues bureau orders for an application. Orders are submitted to
// the bureau by the submitter job.
func (s *Service) Order(ctx context.Context, managerID, applicationID string, types []string) ([]domain.ReportOrder, error) {
	if len(types) == 0 {
		return nil, domain.Invalid("report_types", "at least one is required")
	}
	for _, t := range types {
		if _, ok := s.products[t]; !ok {
			return nil, domain.Invalid("report_types", "unknown report type "+t)
		}
	}
	app, err := s.store.ApplicationForManager(ctx, managerID, applicationID)
	if err != nil {
		return nil, err
	}
	consented, err := s.store.HasActiveConsent(ctx, app.ID, s.now())
	if err != nil {
		return nil, err
	}
	if !consented {
		return nil, fmt.Errorf("no active FCRA consent on file: %w", domain.ErrConflict)
	}

	var orders []domain.ReportOrder
	err = s.store.WithTx(ctx, func(tx *sql.Tx) error {
		fee, err := s.store.FeeForApplication(ctx, tx, app.ID)
		if errors.Is(err, domain.ErrNotFound) || (err == nil && fee.Status != domain.FeeSucceeded) {
			return fmt.Errorf("application fee has not been paid: %w", domain.ErrConflict)
		}
		if err != nil {
			return err
		}
		moved, err := s.store.TransitionApplication(ctx, tx, app.ID,
			[]string{domain.AppConsented, domain.AppScreening, domain.AppReportsReady}, domain.AppScreening)
		if err != nil {
			return err
		}
		if !moved {
			return fmt.Errorf("application is %s: %w", app.Status, domain.ErrConflict)
		}
		now := s.now().UTC()
		for _, t := range types {
			orderID := "ord_" + s.newID()
			o := domain.ReportOrder{
				ID:            orderID,
				ApplicationID: app.ID,
				ReportType:    t,
				Bureau:        "national-bureau",
				Status:        domain.OrderPending,
				CreatedAt:     now,
			}
			if err := s.store.InsertReportOrder(ctx, tx, o); err != nil {
				return fmt.Errorf("insert %s order: %w", t, err)
			}
			orders = append(orders, o)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return orders, nil
}

// Orders lists an application's orders.
func (s *Service) Orders(ctx context.Context, managerID, applicationID string) ([]domain.ReportOrder, error) {
	app, err := s.store.ApplicationForManager(ctx, managerID, applicationID)
	if err != nil {
		return nil, err
	}
	var out []domain.ReportOrder
	err = s.store.WithTx(ctx, func(tx *sql.Tx) error {
		out, err = s.store.OrdersForApplication(ctx, tx, app.ID)
		return err
	})
	return out, err
}

// SubmitDue sends one batch of pending orders to the bureau. The order id is
// the bureau's client_reference, so re-sending an order the bureau already
// accepted returns the existing bureau order.
func (s *Service) SubmitDue(ctx context.Context) (int, error) {
	orders, err := s.store.ClaimDueOrders(ctx, 20, 5*time.Minute)
	if err != nil {
		return 0, err
	}
	for _, o := range orders {
		if err := s.submit(ctx, o); err != nil {
			slog.ErrorContext(ctx, "submit order", "order", o.ID, "err", err)
		}
	}
	return len(orders), nil
}

func (s *Service) submit(ctx context.Context, o domain.ReportOrder) error {
	var app domain.Application
	err := s.store.WithTx(ctx, func(tx *sql.Tx) error {
		var err error
		app, err = s.store.GetApplication(ctx, tx, o.ApplicationID)
		return err
	})
	if err != nil {
		return err
	}
	ap := app.Applicant
	req := bureau.OrderRequest{
		ClientReference:    o.ID,
		Product:            s.products[o.ReportType],
		PermissiblePurpose: "TENANT_SCREENING",
		CallbackTopic:      s.callbackTopic,
		Subject: bureau.Subject{
			FirstName:   ap.FirstName,
			LastName:    ap.LastName,
			DateOfBirth: ap.DateOfBirth.Format("2006-01-02"),
			SSNLast4:    ap.SSNLast4,
			Line1:       ap.Address.Line1,
			City:        ap.Address.City,
			State:       ap.Address.State,
			Zip:         ap.Address.Zip,
		},
	}
	ack, err := s.bureau.SubmitOrder(ctx, req, func(attempt, code int, callErr error) {
		if logErr := s.store.LogBureauAttempt(ctx, o.ID, attempt, code, callErr); logErr != nil {
			slog.WarnContext(ctx, "bureau attempt log", "order", o.ID, "err", logErr)
		}
	})
	if err != nil {
		var apiErr *bureau.APIError
		if (errors.As(err, &apiErr) && !apiErr.Retryable()) || o.Attempts >= s.maxAttempts {
			return s.store.WithTx(ctx, func(tx *sql.Tx) error {
				return s.store.FailOrder(ctx, tx, o.ID, err.Error())
			})
		}
		return s.store.DeferOrder(ctx, o.ID, err.Error(), s.now().Add(time.Duration(o.Attempts)*time.Minute))
	}
	if ack.Existing {
		slog.InfoContext(ctx, "bureau matched existing order", "order", o.ID, "bureau_ref", ack.OrderRef)
	}
	return s.store.MarkOrderSubmitted(ctx, o.ID, ack.OrderRef, s.now().UTC())
}

// PartnerAcknowledge records that a partner portal has retrieved a completed
// report.
func (s *Service) PartnerAcknowledge(ctx context.Context, partnerID, orderID string) (bool, error) {
	first, err := s.store.MarkPartnerAcknowledged(ctx, orderID, partnerID, s.now().UTC())
	if err != nil {
		return false, err
	}
	if first {
		return true, nil
	}
	err = s.store.WithTx(ctx, func(tx *sql.Tx) error {
		o, err := s.store.GetOrder(ctx, tx, orderID)
		if err != nil {
			return err
		}
		app, err := s.store.GetApplication(ctx, tx, o.ApplicationID)
		if err != nil {
			return err
		}
		if app.PartnerID != partnerID {
			return domain.ErrNotFound
		}
		if o.Status != domain.OrderCompleted {
			return fmt.Errorf("order is %s: %w", o.Status, domain.ErrConflict)
		}
		return nil
	})
	return false, err
}
