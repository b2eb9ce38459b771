package httpapi

import (
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/haulgrid/loadboard/internal/domain"
	"github.com/haulgrid/loadboard/internal/platform/idem"
	"github.com/haulgrid/loadboard/internal/service"
)

type loadRequest struct {
	Reference       string      `json:"reference"`
	Origin          domain.Stop `json:"origin"`
	Destination     domain.Stop `json:"destination"`
	PickupAt        time.Time   `json:"pickup_at"`
	DeliverBy       time.Time   `json:"deliver_by"`
	Equipment       string      `json:"equipment"`
	WeightLbs       int         `json:"weight_lbs"`
	TargetRateCents int64       `json:"target_rate_cents"`
}

type loadResponse struct {
	ID              string      `json:"id"`
	Reference       string      `json:"reference"`
	Status          string      `json:"status"`
	Origin          domain.Stop `json:"origin"`
	Destination     domain.Stop `json:"destination"`
	PickupAt        time.Time   `json:"pickup_at"`
	DeliverBy       time.Time   `json:"deliver_by"`
	Equipment       string      `json:"equipment"`
	WeightLbs       int         `json:"weight_lbs"`
	TargetRateCents int64       `json:"target_rate_cents"`
	BidCount        int         `json:"bid_count"`
	LowBidCents     int64       `json:"low_bid_cents,omitempty"`
	CarrierID       string      `json:"carrier_id,omitempty"`
	CreatedAt       time.Time   `json:"created_at"`
}

func toLoadResponse(l *domain.Load) loadResponse {
	return loadResponse{
		ID:              l.ID,
		Reference:       l.Reference,
		Status:          string(l.Status),
		Origin:          l.Origin,
		Destination:     l.Destination,
		PickupAt:        l.PickupAt,
		DeliverBy:       l.DeliverBy,
		Equipment:       string(l.Equipment),
		WeightLbs:       l.WeightLbs,
		TargetRateCents: l.TargetRateCents,
		BidCount:        l.BidCount,
		LowBidCents:     l.LowBidCents,
		CarrierID:       l.CarrierID,
		CreatedAt:       l.CreatedAt,
	}
}

// CreateLoad posts a load to the board.
func (h *Handlers) CreateLoad(r *http.Request) (any, error) {
	actor, err := requireRole(r, RoleShipper)
	if err != nil {
		return nil, err
	}
	var req loadRequest
	if err := decode(r, &req); err != nil {
		return nil, err
	}
	res, err := h.Loads.Post(r.Context(), domain.NewLoadInput{
		ShipperID:       actor.AccountID,
		Reference:       req.Reference,
		Origin:          req.Origin,
		Destination:     req.Destination,
		PickupAt:        req.PickupAt,
		DeliverBy:       req.DeliverBy,
		Equipment:       domain.Equipment(req.Equipment),
		WeightLbs:       req.WeightLbs,
		TargetRateCents: req.TargetRateCents,
	}, r.Header.Get("Idempotency-Key"))
	if err != nil {
		return nil, err
	}
	if res.Replayed {
		return &Response{Status: http.StatusOK, Body: toLoadResponse(res.Load), Headers: map[string]string{"Idempotent-Replayed": "true"}}, nil
	}
	return created(toLoadResponse(res.Load)), nil
}

// GetLoad returns one load.
func (h *Handlers) GetLoad(r *http.Request) (any, error) {
	if _, err := requireRole(r, RoleShipper, RoleCarrier, RoleBroker); err != nil {
		return nil, err
	}
	l, err := h.Loads.Get(r.Context(), chi.URLParam(r, "loadID"))
	if err != nil {
		return nil, err
	}
	return toLoadResponse(l), nil
}

// ListLoads lists open loads on the board.
func (h *Handlers) ListLoads(r *http.Request) (any, error) {
	if _, err := requireRole(r, RoleCarrier, RoleBroker); err != nil {
		return nil, err
	}
	limit, _ := strconv.Atoi(r.URL.Query().Get("limit"))
	loads, err := h.Loads.ListOpen(r.Context(), domain.Equipment(r.URL.Query().Get("equipment")), limit)
	if err != nil {
		return nil, err
	}
	out := make([]loadResponse, 0, len(loads))
	for _, l := range loads {
		out = append(out, toLoadResponse(l))
	}
	return map[string]any{"loads": out}, nil
}

// CancelLoad cancels a load on behalf of the shipper.
func (h *Handlers) CancelLoad(r *http.Request) (any, error) {
	actor, err := requireRole(r, RoleShipper)
	if err != nil {
		return nil, err
	}
	var req struct {
		Reason string `json:"reason"`
	}
	if err := decode(r, &req); err != nil {
		return nil, err
	}
	l, err := h.Loads.Cancel(r.Context(), chi.URLParam(r, "loadID"), actor.AccountID, req.Reason)
	if err != nil {
		return nil, err
	}
	return toLoadResponse(l), nil
}

// ConfirmDelivery records proof of delivery from the carrier.
func (h *Handlers) ConfirmDelivery(r *http.Request) (any, error) {
	actor, err := requireRole(r, RoleCarrier)
	if err != nil {
		return nil, err
	}
	var req struct {
		DeliveredAt  time.Time `json:"delivered_at"`
		ReceiverName string    `json:"receiver_name"`
		PODURL       string    `json:"pod_url"`
		Exceptions   string    `json:"exceptions"`
	}
	if err := decode(r, &req); err != nil {
		return nil, err
	}
	d, err := h.Delivery.Confirm(r.Context(), service.ConfirmDeliveryInput{
		LoadID:       chi.URLParam(r, "loadID"),
		CarrierID:    actor.AccountID,
		DeliveredAt:  req.DeliveredAt,
		ReceiverName: req.ReceiverName,
		PODURL:       req.PODURL,
		Exceptions:   req.Exceptions,
	})
	if err != nil {
		return nil, err
	}
	return created(d), nil
}

type accessorialRequest struct {
	Kind        string `json:"kind"`
	AmountCents int64  `json:"amount_cents"`
	Note        string `json:"note"`
	ReceiptURL  string `json:"receipt_url"`
}

// AddAccessorial adds a detention, lumper, layover or TONU charge. Clients
// may send an Idempotency-Key; a replay returns the stored response.
func (h *Handlers) AddAccessorial(r *http.Request) (any, error) {
	actor, err := requireRole(r, RoleCarrier)
	if err != nil {
		return nil, err
	}
	body, err := readBody(r)
	if err != nil {
		return nil, err
	}
	var req accessorialRequest
	if err := decodeBytes(body, &req); err != nil {
		return nil, err
	}
	ctx := r.Context()
	loadID := chi.URLParam(r, "loadID")
	key := r.Header.Get("Idempotency-Key")
	scope := "accessorials:" + actor.AccountID
	hash := idem.Hash([]byte(loadID), body)

	if key != "" {
		rec, err := h.Idem.Lookup(ctx, scope, key, hash)
		if err != nil {
			return nil, err
		}
		if rec != nil {
			return &Response{Status: rec.StatusCode, Raw: rec.Response, Headers: map[string]string{"Idempotent-Replayed": "true"}}, nil
		}
	}

	acc, err := h.Delivery.AddAccessorial(ctx, service.AddAccessorialInput{
		LoadID:      loadID,
		CarrierID:   actor.AccountID,
		Kind:        domain.AccessorialKind(req.Kind),
		AmountCents: req.AmountCents,
		Note:        req.Note,
		ReceiptURL:  req.ReceiptURL,
	})
	if err != nil {
		return nil, err
	}
	encoded, err := json.Marshal(acc)
	if err != nil {
		return nil, err
	}
	if key != "" {
		if err := h.Idem.Save(ctx, idem.Record{Scope: scope, Key: key, RequestHash: hash, StatusCode: http.StatusCreated, Response: encoded}); err != nil {
			h.Log.WarnContext(ctx, "idempotency record not saved", "scope", scope, "error", err)
		}
	}
	return &Response{Status: http.StatusCreated, Raw: encoded}, nil
}
