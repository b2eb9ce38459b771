// Package maintenance handles maintenance requests from residents, their
// dispatch to the contractor network and payment of contractor invoices.
package maintenance

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"github.com/quadhall/housing/internal/commandbus"
	"github.com/quadhall/housing/internal/db"
	"github.com/quadhall/housing/internal/ids"
	"github.com/quadhall/housing/internal/jobs"
	"github.com/quadhall/housing/internal/providers/payouts"
	"github.com/quadhall/housing/internal/providers/worknet"
	"github.com/quadhall/housing/internal/store"
)

// Network creates work orders with the contractor network.
type Network interface {
	CreateWorkOrder(ctx context.Context, req worknet.WorkOrderRequest) (*worknet.WorkOrder, error)
}

// Pager texts on-call contractors.
type Pager interface {
	Page(ctx context.Context, to, body string) (string, error)
}

// Payer pays contractor invoices.
type Payer interface {
	CreateTransfer(ctx context.Context, req payouts.TransferRequest) (*payouts.Transfer, error)
}

// Service implements maintenance commands and jobs.
type Service struct {
	q       db.Querier
	tx      store.Transactor
	jobs    jobs.Enqueuer
	network Network
	pager   Pager
	payer   Payer
	site    string
}

// Deps groups Service dependencies for wire.
type Deps struct {
	Querier    db.Querier
	Transactor store.Transactor
	Jobs       jobs.Enqueuer
	Network    Network
	Pager      Pager
	Payer      Payer
}

// SiteAddress is the street address sent with work orders.
type SiteAddress string

// NewService returns a Service.
func NewService(d Deps, site SiteAddress) *Service {
	return &Service{
		q: d.Querier, tx: d.Transactor, jobs: d.Jobs,
		network: d.Network, pager: d.Pager, payer: d.Payer,
		site: string(site),
	}
}

var priorities = []string{"routine", "urgent", "emergency"}

// categoryTrades maps request categories to contractor trades.
var categoryTrades = map[string]string{
	"plumbing":   "plumbing",
	"leak":       "plumbing",
	"electrical": "electrical",
	"heating":    "hvac",
	"cooling":    "hvac",
	"lock":       "locksmith",
	"appliance":  "general",
	"other":      "general",
}

// CreateRequest is a resident reporting a problem in their room.
type CreateRequest struct {
	StudentID   string
	RoomID      string
	Category    string
	Priority    string
	Description string
}

// Create handles CreateRequest: stores the request and queues dispatch.
func (s *Service) Create(ctx context.Context, cmd CreateRequest) (commandbus.Result, error) {
	cmd.Category = strings.ToLower(strings.TrimSpace(cmd.Category))
	if _, ok := categoryTrades[cmd.Category]; !ok {
		return commandbus.Result{}, commandbus.Reject("unknown_category", cmd.Category)
	}
	if !slices.Contains(priorities, cmd.Priority) {
		return commandbus.Result{}, commandbus.Reject("unknown_priority", cmd.Priority)
	}
	if strings.TrimSpace(cmd.Description) == "" {
		return commandbus.Result{}, commandbus.Reject("description_required", "describe the problem")
	}

	requestID := ids.New()
	err := s.tx.InTx(ctx, func(ctx context.Context, tx *sql.Tx, q db.Querier) error {
		if _, err := q.CreateMaintenanceRequest(ctx, db.CreateMaintenanceRequestParams{
			ID:          requestID,
			StudentID:   cmd.StudentID,
			RoomID:      cmd.RoomID,
			Category:    cmd.Category,
			Priority:    cmd.Priority,
			Description: cmd.Description,
		}); err != nil {
			return fmt.Errorf("insert request: %w", err)
		}
		_, err := s.jobs.EnqueueTx(ctx, tx, jobs.DispatchMaintenanceArgs{RequestID: requestID}, nil)
		return err
	})
	if err != nil {
		return commandbus.Result{}, err
	}
	return commandbus.Result{ID: requestID, Status: "open"}, nil
}

// Dispatch sends an open request to a contractor. Emergencies also page the
// contractor's on-call phone so someone is on the way before the network
// has routed the work order.
func (s *Service) Dispatch(ctx context.Context, requestID string) error {
	req, err := s.q.GetMaintenanceRequest(ctx, requestID)
	if err != nil {
		return fmt.Errorf("load request: %w", err)
	}
	if req.Status != "open" {
		return nil
	}
	contractor, err := s.q.PickContractor(ctx, categoryTrades[req.Category])
	if err != nil {
		return fmt.Errorf("pick contractor for %s: %w", req.Category, err)
	}
	room, err := s.q.GetRoom(ctx, req.RoomID)
	if err != nil {
		return fmt.Errorf("load room: %w", err)
	}

	paged := false
	if req.Priority == "emergency" && contractor.OncallPhone.Valid {
		msg := fmt.Sprintf("EMERGENCY %s: room %s - %s", strings.ToUpper(req.Category), room.Number, truncate(req.Description, 100))
		if _, err := s.pager.Page(ctx, contractor.OncallPhone.String, msg); err != nil {
			return fmt.Errorf("page on-call: %w", err)
		}
		paged = true
	}

	wo, err := s.network.CreateWorkOrder(ctx, worknet.WorkOrderRequest{
		VendorID:    contractor.NetworkVendorID,
		ExternalRef: req.ID,
		Trade:       contractor.Trade,
		Priority:    req.Priority,
		SiteAddress: s.site,
		Unit:        room.Number,
		Description: req.Description,
	})
	if err != nil {
		return fmt.Errorf("create work order: %w", err)
	}

	return s.tx.InTx(ctx, func(ctx context.Context, _ *sql.Tx, q db.Querier) error {
		if err := q.MarkRequestDispatched(ctx, db.MarkRequestDispatchedParams{
			ID:           req.ID,
			ContractorID: sql.NullString{String: contractor.ID, Valid: true},
			WorkOrderID:  sql.NullString{String: wo.ID, Valid: true},
		}); err != nil {
			return err
		}
		if paged {
			return q.MarkRequestPaged(ctx, req.ID)
		}
		return nil
	})
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n-1] + "…"
}
