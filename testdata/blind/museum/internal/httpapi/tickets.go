package httpapi

import (
	"encoding/json"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"github.com/northgate-museums/visitor-platform/internal/app/ticketing"
	"github.com/northgate-museums/visitor-platform/internal/cqrs"
	"github.com/northgate-museums/visitor-platform/internal/platform/httpx"
)

type TicketHandlers struct {
	place      cqrs.CommandHandler[ticketing.PlaceOrder]
	reschedule cqrs.CommandHandler[ticketing.Reschedule]
}

func NewTicketHandlers(place cqrs.CommandHandler[ticketing.PlaceOrder], reschedule cqrs.CommandHandler[ticketing.Reschedule]) *TicketHandlers {
	return &TicketHandlers{place: place, reschedule: reschedule}
}

type placeOrderRequest struct {
	SlotID        int64           `json:"slot_id"`
	Adults        int             `json:"adults"`
	Concessions   int             `json:"concessions"`
	Children      int             `json:"children"`
	Name          string          `json:"name"`
	Email         string          `json:"email"`
	PaymentMethod json.RawMessage `json:"payment_method"`
}

type createdResponse struct {
	ID       string            `json:"id"`
	Status   string            `json:"status"`
	Replayed bool              `json:"replayed,omitempty"`
	Payment  map[string]string `json:"payment,omitempty"`
}

func created(w http.ResponseWriter, res *cqrs.Result) {
	code := http.StatusCreated
	if res.Replayed {
		code = http.StatusOK
	}
	httpx.JSON(w, code, createdResponse{ID: res.ID, Status: res.Status, Replayed: res.Replayed, Payment: res.Extra})
}

func (h *TicketHandlers) Place(w http.ResponseWriter, r *http.Request) {
	key, err := httpx.RequireIdempotencyKey(r)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	var req placeOrderRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		httpx.Error(w, r, err)
		return
	}
	res := &cqrs.Result{}
	cmd := ticketing.PlaceOrder{
		IdempotencyKey: key,
		OrderID:        uuid.New(),
		SlotID:         req.SlotID,
		Adults:         req.Adults,
		Concessions:    req.Concessions,
		Children:       req.Children,
		CustomerName:   req.Name,
		CustomerEmail:  req.Email,
		PaymentMethod:  req.PaymentMethod,
		Result:         res,
	}
	if err := h.place.Handle(r.Context(), cmd); err != nil {
		httpx.Error(w, r, err)
		return
	}
	created(w, res)
}

func (h *TicketHandlers) Reschedule(w http.ResponseWriter, r *http.Request) {
	orderID, err := uuid.Parse(chi.URLParam(r, "orderID"))
	if err != nil {
		httpx.Error(w, r, httpx.ValidationError{Field: "orderID", Message: "not a valid id"})
		return
	}
	var req struct {
		SlotID int64 `json:"slot_id"`
	}
	if err := httpx.DecodeJSON(r, &req); err != nil {
		httpx.Error(w, r, err)
		return
	}
	if err := h.reschedule.Handle(r.Context(), ticketing.Reschedule{OrderID: orderID, NewSlotID: req.SlotID}); err != nil {
		httpx.Error(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
