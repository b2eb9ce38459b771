package maintenance

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/rs/xid"
	"go.uber.org/fx"

	"github.com/larchway/hoaops/internal/events"
	"github.com/larchway/hoaops/internal/platform/apperr"
	"github.com/larchway/hoaops/internal/platform/txctx"
	"github.com/larchway/hoaops/internal/provider/tradelink"
	"github.com/larchway/hoaops/internal/tasks"
)

// Service is the maintenance use-case surface.
type Service interface {
	Submit(ctx context.Context, requestKey string, req SubmitRequest) (Request, bool, error)
	Dispatch(ctx context.Context, id uuid.UUID, req DispatchRequest) (Request, error)
	AutoDispatch(ctx context.Context, id uuid.UUID) error
	RecordQuote(ctx context.Context, q QuoteSubmitted) error
	ApplyStatus(ctx context.Context, workOrderRef, status string) error
	QueueCompletion(ctx context.Context, ev events.WorkOrderCompleted) error
	Complete(ctx context.Context, messageID string, ev events.WorkOrderCompleted) error
}

// SubmitRequest is a new maintenance request.
type SubmitRequest struct {
	AssociationID uuid.UUID  `json:"association_id"`
	AccountID     *uuid.UUID `json:"account_id,omitempty"`
	Category      string     `json:"category"`
	Priority      string     `json:"priority"`
	Description   string     `json:"description"`
	Location      string     `json:"location"`
}

// DispatchRequest is a manager's choice of vendor.
type DispatchRequest struct {
	VendorID         uuid.UUID `json:"vendor_id"`
	NotToExceedCents int64     `json:"nte_cents"`
}

// QuoteSubmitted is TradeLink's quote.submitted webhook payload.
type QuoteSubmitted struct {
	QuoteID     string `json:"quote_id"`
	WorkOrderID string `json:"work_order_id"`
	VendorID    string `json:"vendor_id"`
	AmountCents int64  `json:"amount_cents"`
	Notes       string `json:"notes"`
}

// Params are the service's dependencies.
type Params struct {
	fx.In

	UoW       txctx.UnitOfWork
	Requests  RequestStore
	Vendors   VendorStore
	Quotes    QuoteStore
	Payouts   PayoutStore
	Inbox     Inbox
	Network   Network
	Publisher Publisher
	Tasks     Enqueuer
	Logger    *slog.Logger
}

type service struct {
	p   Params
	log *slog.Logger
}

// New builds the maintenance service.
func New(p Params) Service {
	return &service{p: p, log: p.Logger.With("component", "maintenance")}
}

// Submit records a request. The client's request key makes resubmission
// return the original request.
func (s *service) Submit(ctx context.Context, requestKey string, req SubmitRequest) (Request, bool, error) {
	if requestKey == "" {
		return Request{}, false, apperr.Invalidf("Idempotency-Key header is required")
	}
	if strings.TrimSpace(req.Description) == "" || req.Category == "" {
		return Request{}, false, apperr.Invalidf("category and description are required")
	}
	switch req.Priority {
	case "routine", "urgent", PriorityEmergency:
	case "":
		req.Priority = "routine"
	default:
		return Request{}, false, apperr.Invalidf("unknown priority %q", req.Priority)
	}

	r := Request{
		ID:            uuid.New(),
		AssociationID: req.AssociationID,
		AccountID:     req.AccountID,
		RequestKey:    requestKey,
		PublicRef:     "MR-" + strings.ToUpper(xid.New().String()[:10]),
		Category:      req.Category,
		Priority:      req.Priority,
		Description:   req.Description,
		Location:      req.Location,
		Status:        StatusSubmitted,
	}
	var created bool
	err := s.p.UoW.Do(ctx, func(ctx context.Context) error {
		stored, inserted, err := s.p.Requests.Upsert(ctx, r)
		if err != nil {
			return err
		}
		r, created = stored, inserted
		if !inserted {
			return nil
		}
		return s.p.Publisher.Publish(ctx, events.TopicMaintenanceRequested, events.MaintenanceRequested{
			RequestID:     r.ID,
			AssociationID: r.AssociationID,
			Priority:      r.Priority,
			Category:      r.Category,
		}, events.WithMessageID(r.ID.String()))
	})
	return r, created, err
}

// Dispatch sends a request to the vendor a manager picked.
func (s *service) Dispatch(ctx context.Context, id uuid.UUID, req DispatchRequest) (Request, error) {
	r, err := s.p.Requests.Get(ctx, id)
	if err != nil {
		return Request{}, err
	}
	if r.Status != StatusSubmitted && r.Status != StatusDispatched {
		return Request{}, apperr.Conflictf("request is %s", r.Status)
	}
	v, err := s.p.Vendors.Get(ctx, req.VendorID)
	if err != nil {
		return Request{}, err
	}
	if v.AssociationID != r.AssociationID {
		return Request{}, apperr.Invalidf("vendor is not on this association's roster")
	}

	wo, err := s.p.Network.CreateWorkOrder(ctx, tradelink.WorkOrderRequest{
		ClientReference:  r.ID.String(),
		VendorID:         v.NetworkVendorID,
		Trade:            r.Category,
		Priority:         r.Priority,
		Summary:          r.Description,
		SiteAddress:      r.Location,
		NotToExceedCents: req.NotToExceedCents,
	})
	if err != nil {
		return Request{}, fmt.Errorf("%w: %v", apperr.ErrUpstream, err)
	}
	if _, err := s.p.Requests.MarkDispatched(ctx, r.ID, v.ID, wo.ID); err != nil {
		return Request{}, err
	}
	return s.p.Requests.Get(ctx, r.ID)
}

// AutoDispatch sends emergency requests straight to the association's
// on-call vendor for the trade.
func (s *service) AutoDispatch(ctx context.Context, id uuid.UUID) error {
	r, err := s.p.Requests.Get(ctx, id)
	if err != nil {
		return err
	}
	if r.Priority != PriorityEmergency || r.Status != StatusSubmitted {
		return nil
	}
	v, err := s.p.Vendors.OnCallFor(ctx, r.AssociationID, r.Category)
	if errors.Is(err, apperr.ErrNotFound) {
		s.log.WarnContext(ctx, "no on-call vendor, leaving for manager", "request_id", r.ID, "trade", r.Category)
		return nil
	}
	if err != nil {
		return err
	}

	wo, err := s.p.Network.CreateWorkOrder(ctx, tradelink.WorkOrderRequest{
		ClientReference: "auto-" + xid.New().String(),
		VendorID:        v.NetworkVendorID,
		Trade:           r.Category,
		Priority:        r.Priority,
		Summary:         r.Description,
		SiteAddress:     r.Location,
	})
	if err != nil {
		return fmt.Errorf("dispatch emergency %s: %w", r.PublicRef, err)
	}
	if _, err := s.p.Requests.MarkDispatched(ctx, r.ID, v.ID, wo.ID); err != nil {
		return fmt.Errorf("mark %s dispatched: %w", r.PublicRef, err)
	}
	s.log.InfoContext(ctx, "emergency dispatched", "request_id", r.ID, "work_order", wo.ID, "vendor", v.Name)
	return nil
}

// RecordQuote stores a vendor quote for the manager to approve.
func (s *service) RecordQuote(ctx context.Context, q QuoteSubmitted) error {
	r, err := s.p.Requests.GetByWorkOrder(ctx, q.WorkOrderID)
	if err != nil {
		return err
	}
	v, err := s.p.Vendors.GetByNetworkID(ctx, r.AssociationID, q.VendorID)
	if err != nil {
		return err
	}
	return s.p.Quotes.Insert(ctx, Quote{
		ID:             uuid.New(),
		RequestID:      r.ID,
		VendorID:       v.ID,
		NetworkQuoteID: q.QuoteID,
		AmountCents:    q.AmountCents,
		Notes:          q.Notes,
		Status:         "pending",
	})
}

// ApplyStatus mirrors TradeLink's work order status onto the request.
func (s *service) ApplyStatus(ctx context.Context, workOrderRef, status string) error {
	var mapped string
	switch status {
	case "accepted", "scheduled":
		mapped = StatusDispatched
	case "on_site", "in_progress":
		mapped = StatusInProgress
	case "cancelled":
		mapped = StatusCancelled
	default:
		return nil
	}
	_, err := s.p.Requests.UpdateStatusByWorkOrder(ctx, workOrderRef, mapped)
	return err
}

// QueueCompletion hands a completion report to the completion consumer,
// keyed by TradeLink's event id.
func (s *service) QueueCompletion(ctx context.Context, ev events.WorkOrderCompleted) error {
	if ev.WorkOrderID == "" {
		return apperr.Invalidf("work_order_id is required")
	}
	return s.p.Publisher.Publish(ctx, events.TopicWorkOrderCompleted, ev, events.WithMessageID(ev.EventID))
}

const consumerWorkOrderCompleted = "maintenance.work-order-completed"

// Complete closes a request when the vendor finishes and sets up the
// vendor's payout.
func (s *service) Complete(ctx context.Context, messageID string, ev events.WorkOrderCompleted) error {
	fresh, err := s.p.Inbox.Claim(ctx, consumerWorkOrderCompleted, messageID)
	if err != nil {
		return err
	}
	if !fresh {
		s.log.DebugContext(ctx, "duplicate completion", "message_id", messageID)
		return nil
	}

	var payout Payout
	err = s.p.UoW.Do(ctx, func(ctx context.Context) error {
		r, err := s.p.Requests.MarkCompleted(ctx, ev.WorkOrderID, ev.CompletedAt)
		if err != nil {
			return err
		}
		v, err := s.p.Vendors.GetByNetworkID(ctx, r.AssociationID, ev.NetworkVendorID)
		if err != nil {
			return err
		}
		payout, err = s.p.Payouts.Upsert(ctx, Payout{
			ID:          uuid.New(),
			RequestID:   r.ID,
			VendorID:    v.ID,
			AmountCents: ev.InvoiceTotalCents,
			Status:      "pending",
		})
		return err
	})
	if err != nil {
		return err
	}

	_, err = s.p.Tasks.Enqueue(ctx, tasks.TypeVendorPayout,
		tasks.PayoutPayload{PayoutID: payout.ID},
		asynq.TaskID("payout:"+payout.ID.String()),
		asynq.Queue(tasks.QueuePayments),
		asynq.ProcessIn(time.Hour),
	)
	if errors.Is(err, asynq.ErrTaskIDConflict) {
		return nil
	}
	return err
}
