package httpapi

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/google/uuid"

	"github.com/pantryco/fulfilment/internal/domain"
	"github.com/pantryco/fulfilment/internal/platform/httpx"
	"github.com/pantryco/fulfilment/internal/platform/pg"
	"github.com/pantryco/fulfilment/internal/service/picking"
)

// Handlers holds the picker endpoints.
type Handlers struct {
	picking picking.Service
	log     *slog.Logger
}

// NewHandlers builds Handlers.
func NewHandlers(p picking.Service, log *slog.Logger) *Handlers {
	return &Handlers{picking: p, log: log}
}

func orderIDParam(r *http.Request) (uuid.UUID, error) {
	id, err := uuid.Parse(r.PathValue("orderID"))
	if err != nil {
		return uuid.Nil, fmt.Errorf("%w: orderID", domain.ErrInvalidArgument)
	}
	return id, nil
}

func (h *Handlers) fail(w http.ResponseWriter, r *http.Request, err error) {
	code := http.StatusInternalServerError
	switch {
	case errors.Is(err, domain.ErrInvalidArgument):
		code = http.StatusBadRequest
	case errors.Is(err, domain.ErrNotFound), errors.Is(err, pg.ErrNotFound):
		code = http.StatusNotFound
	case errors.Is(err, domain.ErrInvalidState):
		code = http.StatusConflict
	}
	if code == http.StatusInternalServerError {
		h.log.ErrorContext(r.Context(), "picker request failed", "pattern", r.Pattern, "err", err)
	}
	httpx.WriteError(w, code, err)
}

type recordPickBody struct {
	PickedQty int `json:"picked_qty"`
}

// recordPick handles POST /v1/picks/{orderID}/lines/{lineNo}/picked.
func (h *Handlers) recordPick(w http.ResponseWriter, r *http.Request) {
	orderID, err := orderIDParam(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	lineNo, err := strconv.Atoi(r.PathValue("lineNo"))
	if err != nil {
		h.fail(w, r, fmt.Errorf("%w: lineNo", domain.ErrInvalidArgument))
		return
	}
	var body recordPickBody
	if err := httpx.DecodeJSON(r, &body); err != nil {
		h.fail(w, r, fmt.Errorf("%w: %v", domain.ErrInvalidArgument, err))
		return
	}
	if err := h.picking.RecordPick(r.Context(), picking.RecordPickInput{
		OrderID: orderID, LineNo: lineNo, PickedQty: body.PickedQty, PickerID: pickerID(r.Context()),
	}); err != nil {
		h.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

type substitutionBody struct {
	LineNo         int    `json:"line_no"`
	SubstituteSKU  string `json:"substitute_sku"`
	Quantity       int    `json:"quantity"`
	UnitPriceCents int64  `json:"unit_price_cents"`
}

// proposeSubstitution handles POST /v1/picks/{orderID}/substitutions.
func (h *Handlers) proposeSubstitution(w http.ResponseWriter, r *http.Request) {
	orderID, err := orderIDParam(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	var body substitutionBody
	if err := httpx.DecodeJSON(r, &body); err != nil {
		h.fail(w, r, fmt.Errorf("%w: %v", domain.ErrInvalidArgument, err))
		return
	}
	sub, err := h.picking.ProposeSubstitution(r.Context(), picking.SubstitutionInput{
		OrderID: orderID, LineNo: body.LineNo, SubstituteSKU: body.SubstituteSKU,
		Quantity: body.Quantity, UnitPriceCents: body.UnitPriceCents, PickerID: pickerID(r.Context()),
	})
	if err != nil {
		h.fail(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, map[string]string{"substitution_id": sub.ID})
}

// completePicking handles POST /v1/picks/{orderID}/complete.
func (h *Handlers) completePicking(w http.ResponseWriter, r *http.Request) {
	orderID, err := orderIDParam(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if err := h.picking.CompletePicking(r.Context(), orderID, pickerID(r.Context())); err != nil {
		h.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

type bagBody struct {
	BagNo int    `json:"bag_no"`
	Zone  string `json:"zone"`
	Label string `json:"label"`
}

// addBag handles POST /v1/picks/{orderID}/bags.
func (h *Handlers) addBag(w http.ResponseWriter, r *http.Request) {
	orderID, err := orderIDParam(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	var body bagBody
	if err := httpx.DecodeJSON(r, &body); err != nil {
		h.fail(w, r, fmt.Errorf("%w: %v", domain.ErrInvalidArgument, err))
		return
	}
	created, err := h.picking.AddBag(r.Context(), domain.Bag{
		OrderID: orderID, BagNo: body.BagNo, Zone: body.Zone, Label: body.Label,
	})
	if err != nil {
		h.fail(w, r, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	httpx.WriteJSON(w, status, map[string]int{"bag_no": body.BagNo})
}

type shortageBody struct {
	LineNo   int `json:"line_no"`
	ShortQty int `json:"short_qty"`
}

// reportShortage handles POST /v1/picks/{orderID}/shortages.
func (h *Handlers) reportShortage(w http.ResponseWriter, r *http.Request) {
	orderID, err := orderIDParam(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	var body shortageBody
	if err := httpx.DecodeJSON(r, &body); err != nil {
		h.fail(w, r, fmt.Errorf("%w: %v", domain.ErrInvalidArgument, err))
		return
	}
	key := r.Header.Get("Idempotency-Key")
	if err := h.picking.ReportShortage(r.Context(), key, picking.ShortageInput{
		OrderID: orderID, LineNo: body.LineNo, ShortQty: body.ShortQty, PickerID: pickerID(r.Context()),
	}); err != nil {
		h.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

type handoverBody struct {
	DriverRef string `json:"driver_ref"`
}

// handover handles POST /v1/picks/{orderID}/handover.
func (h *Handlers) handover(w http.ResponseWriter, r *http.Request) {
	orderID, err := orderIDParam(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	var body handoverBody
	if err := httpx.DecodeJSON(r, &body); err != nil {
		h.fail(w, r, fmt.Errorf("%w: %v", domain.ErrInvalidArgument, err))
		return
	}
	if err := h.picking.Handover(r.Context(), orderID, body.DriverRef); err != nil {
		h.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
