package servers

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/nimbusrack/hosting/internal/catalog"
	"github.com/nimbusrack/hosting/internal/customers"
	"github.com/nimbusrack/hosting/internal/orders"
	"github.com/nimbusrack/hosting/internal/platform/httpx"
	"github.com/nimbusrack/hosting/internal/platform/idempotency"
	"github.com/nimbusrack/hosting/internal/providers/datacenter"
)

// Datacenter is the part of the partner API the server service calls.
type Datacenter interface {
	CreateSnapshot(ctx context.Context, serverID, label string, opts ...datacenter.CallOption) (*datacenter.Snapshot, error)
	PurchaseLicense(ctx context.Context, serverID, product string) (*datacenter.License, error)
}

// ProvisionRequest starts the provisioning workflow for a new server.
type ProvisionRequest struct {
	WorkflowID string
	OrderID    uuid.UUID
	ServerID   uuid.UUID
	CustomerID uuid.UUID
}

// CancelRequest starts the cancellation workflow for a server.
type CancelRequest struct {
	WorkflowID   string
	ServerID     uuid.UUID
	CustomerID   uuid.UUID
	RefundToCard bool
}

// Workflows starts long-running operations.
type Workflows interface {
	StartProvisioning(ctx context.Context, req ProvisionRequest) error
	StartCancellation(ctx context.Context, req CancelRequest) error
}

// Proration prices the unused part of a server's current billing month.
type Proration interface {
	UnusedCredit(ctx context.Context, serverID uuid.UUID, at time.Time) (int64, error)
}

// Service implements the server lifecycle exposed to customers.
type Service struct {
	db        *gorm.DB
	repo      *Repository
	orders    *orders.Repository
	customers *customers.Repository
	catalog   *catalog.Catalog
	dc        Datacenter
	workflows Workflows
	proration Proration
	licenses  map[string]int64
}

// NewService wires a Service.
func NewService(db *gorm.DB, repo *Repository, ord *orders.Repository, cust *customers.Repository,
	cat *catalog.Catalog, dc Datacenter, wf Workflows, pr Proration) *Service {
	return &Service{
		db: db, repo: repo, orders: ord, customers: cust, catalog: cat, dc: dc, workflows: wf, proration: pr,
		licenses: map[string]int64{"windows-server": 2400, "cpanel": 1800, "plesk": 1400},
	}
}

// OrderInput is the body of a server order.
type OrderInput struct {
	PlanID   string `json:"plan_id"`
	Region   string `json:"region"`
	Hostname string `json:"hostname"`
	Image    string `json:"image"`
}

// OrderResult is returned for a server order and replayed for repeats.
type OrderResult struct {
	OrderID    uuid.UUID `json:"order_id"`
	ServerID   uuid.UUID `json:"server_id"`
	Status     string    `json:"status"`
	WorkflowID string    `json:"-"`
	Replayed   bool      `json:"replayed"`
}

// Order records a server order under the caller's Idempotency-Key and starts
// provisioning.
func (s *Service) Order(ctx context.Context, customerID uuid.UUID, key string, in OrderInput) (*OrderResult, error) {
	if key == "" {
		return nil, httpx.NewError(http.StatusBadRequest, "idempotency_key_required", "Idempotency-Key header is required")
	}
	plan, err := s.catalog.Get(ctx, in.PlanID)
	if err != nil || plan.Kind != "server" {
		return nil, httpx.NewError(http.StatusUnprocessableEntity, "invalid_plan", "unknown server plan")
	}

	res, outcome, err := idempotency.Do(ctx, s.db, "servers.order", key, &customerID, func(tx *gorm.DB) (OrderResult, error) {
		o := &orders.Order{
			CustomerID: customerID,
			Kind:       orders.KindServer,
			PlanID:     &plan.ID,
			Region:     in.Region,
			Hostname:   &in.Hostname,
			Image:      &in.Image,
		}
		if err := s.orders.WithTx(tx).Create(ctx, o); err != nil {
			return OrderResult{}, err
		}
		srv := &Server{
			OrderID:    o.ID,
			CustomerID: customerID,
			PlanID:     plan.ID,
			Region:     in.Region,
			Hostname:   in.Hostname,
			Image:      in.Image,
			Status:     StatusPending,
		}
		if err := s.repo.WithTx(tx).Create(ctx, srv); err != nil {
			return OrderResult{}, err
		}
		return OrderResult{OrderID: o.ID, ServerID: srv.ID, Status: srv.Status}, nil
	})
	if errors.Is(err, idempotency.ErrInFlight) {
		return nil, httpx.NewError(http.StatusConflict, "request_in_progress", err.Error())
	}
	if err != nil {
		return nil, err
	}
	res.Replayed = outcome == idempotency.Replayed
	res.WorkflowID = "provision-" + res.OrderID.String()

	err = s.workflows.StartProvisioning(ctx, ProvisionRequest{
		WorkflowID: res.WorkflowID,
		OrderID:    res.OrderID,
		ServerID:   res.ServerID,
		CustomerID: customerID,
	})
	if err != nil {
		return nil, fmt.Errorf("start provisioning: %w", err)
	}
	return &res, nil
}

// Get returns a customer's server with its addresses.
func (s *Service) Get(ctx context.Context, customerID, id uuid.UUID) (*Server, []IP, error) {
	srv, err := s.repo.GetOwned(ctx, customerID, id)
	if err != nil {
		return nil, nil, err
	}
	ips, err := s.repo.IPs(ctx, srv.ID)
	return srv, ips, err
}

// List pages through a customer's servers.
func (s *Service) List(ctx context.Context, customerID uuid.UUID, p httpx.PageParams) (httpx.Page[Server], error) {
	rows, err := s.repo.ListByCustomer(ctx, customerID, p.Cursor, p.Limit)
	if err != nil {
		return httpx.Page[Server]{}, err
	}
	return httpx.NewPage(rows, p.Limit, func(s Server) string { return s.CreatedAt.Format(time.RFC3339Nano) }), nil
}

func (s *Service) activeServer(ctx context.Context, customerID, id uuid.UUID) (*Server, error) {
	srv, err := s.repo.GetOwned(ctx, customerID, id)
	if errors.Is(err, ErrNotFound) {
		return nil, httpx.NewError(http.StatusNotFound, "not_found", "server not found")
	}
	if err != nil {
		return nil, err
	}
	if srv.Status != StatusActive || srv.ExternalID == nil {
		return nil, httpx.NewError(http.StatusConflict, "server_not_active", "server is not active")
	}
	return srv, nil
}

// Snapshot creates a labelled snapshot; labels are unique per server.
func (s *Service) Snapshot(ctx context.Context, customerID, serverID uuid.UUID, label string) (*Snapshot, error) {
	srv, err := s.activeServer(ctx, customerID, serverID)
	if err != nil {
		return nil, err
	}

	snap, err := s.repo.ClaimSnapshot(ctx, &Snapshot{
		ServerID:   srv.ID,
		CustomerID: customerID,
		Label:      label,
		Status:     "pending",
	})
	if err != nil {
		return nil, err
	}
	if snap.ExternalID != nil {
		return snap, nil
	}

	ext, err := s.dc.CreateSnapshot(ctx, *srv.ExternalID, label)
	if err != nil {
		return nil, fmt.Errorf("create snapshot: %w", err)
	}
	if err := s.repo.MarkSnapshotStarted(ctx, snap.ID, ext.ID, ext.Status); err != nil {
		return nil, err
	}
	snap.ExternalID, snap.Status = &ext.ID, ext.Status
	return snap, nil
}

// AddLicense buys a software licence for a server.
func (s *Service) AddLicense(ctx context.Context, customerID, serverID uuid.UUID, product string) (*License, error) {
	price, ok := s.licenses[product]
	if !ok {
		return nil, httpx.NewError(http.StatusUnprocessableEntity, "unknown_product", "unknown licence product")
	}
	srv, err := s.activeServer(ctx, customerID, serverID)
	if err != nil {
		return nil, err
	}
	has, err := s.repo.HasLicense(ctx, srv.ID, product)
	if err != nil {
		return nil, err
	}
	if has {
		return nil, httpx.NewError(http.StatusConflict, "already_licensed", "server already has this licence")
	}

	lic, err := s.dc.PurchaseLicense(ctx, *srv.ExternalID, product)
	if err != nil {
		return nil, fmt.Errorf("purchase licence: %w", err)
	}
	row := &License{
		ID:           uuid.New(),
		ServerID:     srv.ID,
		Product:      product,
		ExternalID:   lic.ID,
		MonthlyCents: price,
		CreatedAt:    time.Now().UTC(),
	}
	if err := s.repo.CreateLicense(ctx, row); err != nil {
		return nil, err
	}
	return row, nil
}

// CancelInput is the body of a cancellation request.
type CancelInput struct {
	Reason       string `json:"reason"`
	RefundToCard bool   `json:"refund_to_card"`
}

// CancelResult reports the cancellation.
type CancelResult struct {
	ServerID            uuid.UUID `json:"server_id"`
	Status              string    `json:"status"`
	ProratedCreditCents int64     `json:"prorated_credit_cents"`
}

// Cancel credits the unused part of the month to the customer's balance and
// hands the teardown to the cancellation workflow.
func (s *Service) Cancel(ctx context.Context, customerID, serverID uuid.UUID, in CancelInput) (*CancelResult, error) {
	srv, err := s.repo.GetOwned(ctx, customerID, serverID)
	if errors.Is(err, ErrNotFound) {
		return nil, httpx.NewError(http.StatusNotFound, "not_found", "server not found")
	}
	if err != nil {
		return nil, err
	}
	req := CancelRequest{
		WorkflowID:   "cancel-" + srv.ID.String(),
		ServerID:     srv.ID,
		CustomerID:   customerID,
		RefundToCard: in.RefundToCard,
	}

	switch srv.Status {
	case StatusCancelling, StatusCancelled:
		c, err := s.repo.GetCancellation(ctx, srv.ID)
		if err != nil {
			return nil, err
		}
		if err := s.workflows.StartCancellation(ctx, req); err != nil {
			return nil, err
		}
		return &CancelResult{ServerID: srv.ID, Status: srv.Status, ProratedCreditCents: c.ProratedCreditCents}, nil
	case StatusActive:
	default:
		return nil, httpx.NewError(http.StatusConflict, "not_cancellable", "server cannot be cancelled in status "+srv.Status)
	}

	now := time.Now().UTC()
	credit, err := s.proration.UnusedCredit(ctx, srv.ID, now)
	if err != nil {
		return nil, fmt.Errorf("proration: %w", err)
	}

	if credit > 0 {
		if err := s.customers.AdjustBalance(ctx, customerID, credit); err != nil {
			return nil, fmt.Errorf("credit unused time: %w", err)
		}
	}

	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		repo := s.repo.WithTx(tx)
		ok, err := repo.Transition(ctx, srv.ID, StatusCancelling, StatusActive)
		if err != nil {
			return err
		}
		if !ok {
			return httpx.NewError(http.StatusConflict, "not_cancellable", "server status changed")
		}
		return repo.CreateCancellation(ctx, &Cancellation{
			ServerID:            srv.ID,
			CustomerID:          customerID,
			Reason:              in.Reason,
			ProratedCreditCents: credit,
			WorkflowID:          req.WorkflowID,
			RequestedAt:         now,
		})
	})
	if err != nil {
		return nil, err
	}

	if err := s.workflows.StartCancellation(ctx, req); err != nil {
		return nil, fmt.Errorf("start cancellation: %w", err)
	}
	return &CancelResult{ServerID: srv.ID, Status: StatusCancelling, ProratedCreditCents: credit}, nil
}
