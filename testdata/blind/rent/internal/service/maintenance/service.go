// Package maintenance records tenant maintenance requests and books vendors
// for them on the marketplace.
package maintenance

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/rs/xid"
	"go.uber.org/dig"

	"github.com/keystone-pm/rent/internal/db"
	"github.com/keystone-pm/rent/internal/provider/vendornet"
	"github.com/keystone-pm/rent/internal/repo"
	"github.com/keystone-pm/rent/internal/tasks"
)

var ErrInvalidRequest = errors.New("invalid maintenance request")

var categories = map[string]bool{
	"plumbing": true, "electrical": true, "hvac": true, "appliance": true,
	"pest": true, "locks": true, "general": true,
}

type WorkOrders interface {
	CreateWorkOrder(ctx context.Context, req vendornet.WorkOrderRequest) (*vendornet.WorkOrder, error)
}

type Service interface {
	Create(ctx context.Context, in CreateInput) (*repo.MaintenanceRequest, error)
	Dispatch(ctx context.Context, requestID string) error
}

type CreateInput struct {
	LeaseID           string `json:"lease_id"`
	TenantID          string `json:"tenant_id"`
	Category          string `json:"category"`
	Description       string `json:"description"`
	Urgency           string `json:"urgency"`
	PermissionToEnter bool   `json:"permission_to_enter"`
}

func (in *CreateInput) normalize() error {
	in.Category = strings.ToLower(strings.TrimSpace(in.Category))
	in.Description = strings.TrimSpace(in.Description)
	if in.Urgency == "" {
		in.Urgency = "normal"
	}
	switch {
	case !categories[in.Category]:
		return fmt.Errorf("%w: unknown category %q", ErrInvalidRequest, in.Category)
	case in.Description == "":
		return fmt.Errorf("%w: description is required", ErrInvalidRequest)
	case in.Urgency != "normal" && in.Urgency != "urgent" && in.Urgency != "emergency":
		return fmt.Errorf("%w: urgency must be normal, urgent or emergency", ErrInvalidRequest)
	}
	return nil
}

type Params struct {
	dig.In

	DB      *db.DB
	Ops     repo.OpsStore
	Leases  repo.LeaseStore
	Vendors WorkOrders
	Jobs    tasks.Enqueuer
	Log     *slog.Logger
}

type service struct {
	db      *db.DB
	ops     repo.OpsStore
	leases  repo.LeaseStore
	vendors WorkOrders
	jobs    tasks.Enqueuer
	log     *slog.Logger
}

func New(p Params) Service {
	return &service{db: p.DB, ops: p.Ops, leases: p.Leases, vendors: p.Vendors, jobs: p.Jobs, log: p.Log.With("component", "maintenance")}
}

// Create stores the request and queues vendor dispatch in the same
// transaction.
func (s *service) Create(ctx context.Context, in CreateInput) (*repo.MaintenanceRequest, error) {
	if err := in.normalize(); err != nil {
		return nil, err
	}
	m := &repo.MaintenanceRequest{
		ID:                "mr_" + xid.New().String(),
		LeaseID:           in.LeaseID,
		TenantID:          in.TenantID,
		Category:          in.Category,
		Description:       in.Description,
		Urgency:           in.Urgency,
		PermissionToEnter: in.PermissionToEnter,
	}
	err := s.db.InTx(ctx, func(tx pgx.Tx) error {
		lease, err := s.leases.Get(ctx, tx, in.LeaseID)
		if err != nil {
			return err
		}
		if lease.Status != repo.LeaseActive {
			return fmt.Errorf("%w: lease is not active", ErrInvalidRequest)
		}
		if err := s.ops.InsertMaintenance(ctx, tx, m); err != nil {
			return err
		}
		_, err = s.jobs.InsertTx(ctx, tx, tasks.DispatchWorkOrderArgs{RequestID: m.ID}, dispatchOpts(m.Urgency))
		return err
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// Dispatch books a vendor for the request and records the work order.
func (s *service) Dispatch(ctx context.Context, requestID string) error {
	m, err := s.ops.GetMaintenance(ctx, s.db.Q(), requestID)
	if err != nil {
		return err
	}
	if m.VendorWorkOrderID != nil {
		return nil
	}
	lease, err := s.leases.Get(ctx, s.db.Q(), m.LeaseID)
	if err != nil {
		return err
	}
	tenant, err := s.leases.GetTenant(ctx, s.db.Q(), m.TenantID)
	if err != nil {
		return err
	}
	req := vendornet.WorkOrderRequest{
		PropertyRef:       lease.PropertyRef,
		Unit:              lease.UnitLabel,
		Category:          m.Category,
		Description:       m.Description,
		Urgency:           m.Urgency,
		PermissionToEnter: m.PermissionToEnter,
		Reference:         m.ID,
	}
	if tenant.Phone != nil {
		req.ContactPhone = *tenant.Phone
	}
	wo, err := s.vendors.CreateWorkOrder(ctx, req)
	if err != nil {
		return err
	}
	if err := s.ops.MarkDispatched(ctx, s.db.Q(), m.ID, wo.ID); err != nil {
		return fmt.Errorf("record work order %s for %s: %w", wo.ID, m.ID, err)
	}
	s.log.Info("work order booked", "request_id", m.ID, "work_order_id", wo.ID, "vendor_id", wo.VendorID)
	return nil
}
