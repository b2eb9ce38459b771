package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/summitline/skipass/internal/model"
	"github.com/summitline/skipass/internal/service"
)

type groupBookingRequest struct {
	Kind         string `json:"kind"`
	Organisation string `json:"organisation"`
	ContactEmail string `json:"contact_email"`
	VisitDate    string `json:"visit_date"`
	EndDate      string `json:"end_date"`
	Headcount    int    `json:"headcount"`
	Billing      string `json:"billing"`
}

type groupBookingResponse struct {
	ID         string `json:"id"`
	Status     string `json:"status"`
	TotalCents int64  `json:"total_cents"`
	Currency   string `json:"currency"`
	InvoiceID  string `json:"invoice_id,omitempty"`
}

func groupView(b *model.GroupBooking) groupBookingResponse {
	out := groupBookingResponse{ID: b.ID, Status: b.Status, TotalCents: b.TotalCents, Currency: b.Currency}
	if b.InvoiceID != nil {
		out.InvoiceID = *b.InvoiceID
	}
	return out
}

// createGroupBooking is the public booking form for schools and groups.
func (h *Handlers) createGroupBooking(c echo.Context) error {
	req, err := bind[groupBookingRequest](c)
	if err != nil {
		return err
	}
	from, err := parseDate(req.VisitDate, h.tz)
	if err != nil {
		return err
	}
	to := from
	if req.EndDate != "" {
		if to, err = parseDate(req.EndDate, h.tz); err != nil {
			return err
		}
	}
	b, err := h.Groups.Create(c.Request().Context(), service.CreateGroupInput{
		Kind:         req.Kind,
		Organisation: req.Organisation,
		ContactEmail: req.ContactEmail,
		VisitDate:    from,
		EndDate:      to,
		Headcount:    req.Headcount,
		Billing:      req.Billing,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, groupView(b))
}

// issueGroupInvoice is used by the sales team once a booking is agreed.
func (h *Handlers) issueGroupInvoice(c echo.Context) error {
	b, err := h.Groups.IssueInvoice(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, groupView(b))
}

func (h *Handlers) payGroupDeposit(c echo.Context) error {
	res, err := h.Groups.PayDeposit(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{
		"payment_intent": res.PaymentIntentID,
		"client_secret":  res.ClientSecret,
		"amount_cents":   res.AmountCents,
	})
}
