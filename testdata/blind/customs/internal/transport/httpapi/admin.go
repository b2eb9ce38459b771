package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/harborline/brokerage/internal/service/billing"
)

// AdminHandler serves the back-office API.
type AdminHandler struct {
	billing billing.Service
}

// NewAdminHandler builds the handler.
func NewAdminHandler(b billing.Service) *AdminHandler { return &AdminHandler{billing: b} }

func (h *AdminHandler) routes() []route {
	return []route{
		{http.MethodPost, "/billing-runs", h.startBillingRun},
		{http.MethodPost, "/invoices/:id/credit-notes", h.issueCreditNote},
	}
}

type billingRunBody struct {
	Period string `json:"period" binding:"required"`
}

func (h *AdminHandler) startBillingRun(c *gin.Context) {
	var in billingRunBody
	if err := c.ShouldBindJSON(&in); err != nil {
		bindError(c, err)
		return
	}
	res, err := h.billing.StartRun(c.Request.Context(), in.Period, c.GetString("admin_user"))
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusAccepted, res)
}

func (h *AdminHandler) issueCreditNote(c *gin.Context) {
	var in billing.CreditNoteInput
	if err := c.ShouldBindJSON(&in); err != nil {
		bindError(c, err)
		return
	}
	if in.IssuedBy == "" {
		in.IssuedBy = c.GetString("admin_user")
	}
	cn, err := h.billing.IssueCreditNote(c.Request.Context(), c.Param("id"), c.GetHeader("Idempotency-Key"), in)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, cn)
}
