package api

import (
	"net/http"
	"time"

	"github.com/forkandfeast/catering/internal/adapters/http/httpx"
	"github.com/forkandfeast/catering/internal/core/domain"
	"github.com/forkandfeast/catering/internal/core/ports"
)

func (h *handlers) charge(w http.ResponseWriter, r *http.Request, fn func(*http.Request, ports.ChargeCommand) (domain.Payment, error)) {
	eventID, err := httpx.UUIDParam(r, "eventID")
	if err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	var req paymentMethodRequest
	if err := httpx.Decode(r, &req); err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	if req.PaymentMethodID == "" {
		httpx.Error(w, r, h.log, domain.Invalid("payment_method_id", "required"))
		return
	}
	p, err := fn(r, ports.ChargeCommand{EventID: eventID, PaymentMethodID: req.PaymentMethodID})
	if err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	status := http.StatusOK
	if p.Status == domain.PaymentRequiresAction {
		status = http.StatusAccepted
	}
	httpx.JSON(w, status, p)
}

func (h *handlers) chargeDeposit(w http.ResponseWriter, r *http.Request) {
	h.charge(w, r, func(r *http.Request, cmd ports.ChargeCommand) (domain.Payment, error) {
		return h.Payments.ChargeDeposit(r.Context(), cmd)
	})
}

func (h *handlers) chargeBalance(w http.ResponseWriter, r *http.Request) {
	h.charge(w, r, func(r *http.Request, cmd ports.ChargeCommand) (domain.Payment, error) {
		return h.Payments.ChargeBalance(r.Context(), cmd)
	})
}

type menuRequest struct {
	Selections []struct {
		Course   string `json:"course"`
		DishCode string `json:"dish_code"`
		Notes    string `json:"notes"`
	} `json:"selections"`
}

func (h *handlers) setMenu(w http.ResponseWriter, r *http.Request) {
	eventID, err := httpx.UUIDParam(r, "eventID")
	if err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	var req menuRequest
	if err := httpx.Decode(r, &req); err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	sel := make([]domain.MenuSelection, 0, len(req.Selections))
	for _, s := range req.Selections {
		sel = append(sel, domain.MenuSelection{EventID: eventID, Course: s.Course, DishCode: s.DishCode, Notes: s.Notes})
	}
	if err := h.Events.SetMenu(r.Context(), eventID, sel); err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

type headcountRequest struct {
	Delta  int    `json:"delta"`
	Reason string `json:"reason"`
}

func (h *handlers) changeHeadcount(w http.ResponseWriter, r *http.Request) {
	eventID, err := httpx.UUIDParam(r, "eventID")
	if err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	var req headcountRequest
	if err := httpx.Decode(r, &req); err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	ch, err := h.Events.ChangeHeadcount(r.Context(), ports.ChangeHeadcount{
		IdempotencyKey: httpx.IdempotencyKey(r),
		EventID:        eventID,
		Delta:          req.Delta,
		Reason:         req.Reason,
	})
	if err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	httpx.JSON(w, http.StatusOK, ch)
}

type cancelRequest struct {
	Reason      string `json:"reason"`
	RequestedBy string `json:"requested_by"`
}

func (h *handlers) cancelEvent(w http.ResponseWriter, r *http.Request) {
	eventID, err := httpx.UUIDParam(r, "eventID")
	if err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	var req cancelRequest
	if err := httpx.Decode(r, &req); err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	c, err := h.Events.Cancel(r.Context(), ports.CancelEvent{EventID: eventID, Reason: req.Reason, RequestedBy: req.RequestedBy})
	if err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	httpx.JSON(w, http.StatusOK, c)
}

type dietaryRequest struct {
	GuestName    string   `json:"guest_name"`
	GuestEmail   string   `json:"guest_email"`
	Requirements []string `json:"requirements"`
	Allergens    []string `json:"allergens"`
	Notes        string   `json:"notes"`
}

func (h *handlers) submitDietaryForm(w http.ResponseWriter, r *http.Request) {
	eventID, err := httpx.UUIDParam(r, "eventID")
	if err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	var req dietaryRequest
	if err := httpx.Decode(r, &req); err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	f, err := h.Dietary.Submit(r.Context(), ports.SubmitDietaryForm{
		EventID:      eventID,
		GuestName:    req.GuestName,
		GuestEmail:   req.GuestEmail,
		Requirements: req.Requirements,
		Allergens:    req.Allergens,
		Notes:        req.Notes,
	})
	if err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, f)
}

func (h *handlers) dietarySummary(w http.ResponseWriter, r *http.Request) {
	eventID, err := httpx.UUIDParam(r, "eventID")
	if err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	sum, err := h.Dietary.KitchenSummary(r.Context(), eventID)
	if err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	httpx.JSON(w, http.StatusOK, sum)
}

type announcementRequest struct {
	Template string     `json:"template"`
	Body     string     `json:"body"`
	SendAt   *time.Time `json:"send_at"`
}

func (h *handlers) scheduleAnnouncement(w http.ResponseWriter, r *http.Request) {
	eventID, err := httpx.UUIDParam(r, "eventID")
	if err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	var req announcementRequest
	if err := httpx.Decode(r, &req); err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	a := ports.Announcement{EventID: eventID, Template: req.Template, Body: req.Body}
	if req.SendAt != nil {
		a.SendAt = *req.SendAt
	}
	batchID, err := h.Messaging.ScheduleAnnouncement(r.Context(), a)
	if err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	httpx.JSON(w, http.StatusAccepted, map[string]string{"batch_id": batchID})
}

type purchaseOrderRequest struct {
	SupplierCode string          `json:"supplier_code"`
	DeliverOn    string          `json:"deliver_on"`
	Lines        []domain.POLine `json:"lines"`
}

func (h *handlers) createPurchaseOrder(w http.ResponseWriter, r *http.Request) {
	eventID, err := httpx.UUIDParam(r, "eventID")
	if err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	var req purchaseOrderRequest
	if err := httpx.Decode(r, &req); err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	cmd := ports.CreatePurchaseOrder{EventID: eventID, SupplierCode: req.SupplierCode, Lines: req.Lines}
	if req.DeliverOn != "" {
		d, err := time.Parse("2006-01-02", req.DeliverOn)
		if err != nil {
			httpx.Error(w, r, h.log, domain.Invalid("deliver_on", "use YYYY-MM-DD"))
			return
		}
		cmd.DeliverOn = d
	}
	po, err := h.Purchasing.CreateOrder(r.Context(), cmd)
	if err != nil {
		httpx.Error(w, r, h.log, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, po)
}
