package api

import (
	"context"
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/driftline-services/snowplow/internal/domain"
	"github.com/driftline-services/snowplow/internal/platform/httpx"
	"github.com/driftline-services/snowplow/internal/provider/bankpay"
	"github.com/driftline-services/snowplow/internal/service/passes"
	"github.com/driftline-services/snowplow/internal/service/subcontractor"
)

// The handlers in this file serve the operations desk console and the
// yard/supervisor tablets. Both clients retry a request on timeouts and 5xx
// answers (the console three times, the tablets from an offline queue until
// they get an answer).

// Subcontractors is the subcontractor service.
type Subcontractors interface {
	Register(ctx context.Context, r subcontractor.Registration) (domain.Subcontractor, error)
	LinkBankAccount(ctx context.Context, id uuid.UUID, acct subcontractor.BankAccount) (bankpay.Recipient, error)
	Adjust(ctx context.Context, id uuid.UUID, key string, adj subcontractor.Adjustment) (subcontractor.AdjustmentResult, error)
}

// SubcontractorHandlers serves /v1/subcontractors.
type SubcontractorHandlers struct {
	Svc Subcontractors
}

func (h *SubcontractorHandlers) Register(w http.ResponseWriter, r *http.Request) error {
	var req subcontractor.Registration
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	sub, err := h.Svc.Register(r.Context(), req)
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusCreated, sub)
	return nil
}

func (h *SubcontractorHandlers) LinkBankAccount(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathUUID(r, "id")
	if err != nil {
		return err
	}
	var req subcontractor.BankAccount
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	rcpt, err := h.Svc.LinkBankAccount(r.Context(), id, req)
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusOK, map[string]any{"recipient_id": rcpt.ID, "last4": rcpt.Last4, "verified": rcpt.Verified})
	return nil
}

func (h *SubcontractorHandlers) Adjust(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathUUID(r, "id")
	if err != nil {
		return err
	}
	var req subcontractor.Adjustment
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	res, err := h.Svc.Adjust(r.Context(), id, r.Header.Get("Idempotency-Key"), req)
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusCreated, res)
	return nil
}

// SaltDeliveries books truckloads into yards.
type SaltDeliveries interface {
	RecordDelivery(ctx context.Context, d domain.SaltDelivery) (int64, error)
}

// SaltHandlers serves /v1/salt.
type SaltHandlers struct {
	Svc SaltDeliveries
}

type deliveryRequest struct {
	YardID         string    `json:"yard_id"`
	SupplierTicket string    `json:"supplier_ticket"`
	Kg             int64     `json:"kg"`
	ReceivedAt     time.Time `json:"received_at"`
	ReceivedBy     string    `json:"received_by"`
}

func (h *SaltHandlers) RecordDelivery(w http.ResponseWriter, r *http.Request) error {
	var req deliveryRequest
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	if req.ReceivedAt.IsZero() {
		req.ReceivedAt = time.Now()
	}
	d := domain.SaltDelivery{
		ID:             uuid.New(),
		YardID:         req.YardID,
		SupplierTicket: req.SupplierTicket,
		Kg:             req.Kg,
		ReceivedAt:     req.ReceivedAt,
		ReceivedBy:     req.ReceivedBy,
	}
	onHand, err := h.Svc.RecordDelivery(r.Context(), d)
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusCreated, map[string]any{"delivery_id": d.ID, "on_hand_kg": onHand})
	return nil
}

// Reassigner moves assignments between trucks.
type Reassigner interface {
	Reassign(ctx context.Context, id uuid.UUID, truckID string) (domain.Assignment, error)
}

// ManualPasses records supervisor-entered passes.
type ManualPasses interface {
	RecordManual(ctx context.Context, p passes.ManualPass) error
}

// AssignmentHandlers serves /v1/assignments.
type AssignmentHandlers struct {
	Assign Reassigner
	Passes ManualPasses
}

func (h *AssignmentHandlers) Reassign(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathUUID(r, "id")
	if err != nil {
		return err
	}
	var req struct {
		TruckID string `json:"truck_id"`
	}
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	a, err := h.Assign.Reassign(r.Context(), id, req.TruckID)
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusOK, a)
	return nil
}

func (h *AssignmentHandlers) RecordPass(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathUUID(r, "id")
	if err != nil {
		return err
	}
	var req passes.ManualPass
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	req.AssignmentID = id
	if err := h.Passes.RecordManual(r.Context(), req); err != nil {
		return err
	}
	w.WriteHeader(http.StatusAccepted)
	return nil
}

// PayoutRequeuer requeues failed payouts.
type PayoutRequeuer interface {
	Requeue(ctx context.Context, id uuid.UUID) (domain.Payout, error)
}

// PayoutHandlers serves /v1/payouts.
type PayoutHandlers struct {
	Svc PayoutRequeuer
}

func (h *PayoutHandlers) Requeue(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathUUID(r, "id")
	if err != nil {
		return err
	}
	p, err := h.Svc.Requeue(r.Context(), id)
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusAccepted, p)
	return nil
}
