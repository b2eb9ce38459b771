package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/harborline/brokerage/internal/service/declarations"
	"github.com/harborline/brokerage/internal/service/inspections"
	"github.com/harborline/brokerage/internal/service/payments"
	"github.com/harborline/brokerage/internal/service/shipments"
)

// ShipmentHandler serves /v1/shipments.
type ShipmentHandler struct {
	shipments    shipments.Service
	payments     payments.Service
	declarations declarations.Service
	inspections  inspections.Service
}

// NewShipmentHandler builds the handler.
func NewShipmentHandler(s shipments.Service, p payments.Service, d declarations.Service, i inspections.Service) *ShipmentHandler {
	return &ShipmentHandler{shipments: s, payments: p, declarations: d, inspections: i}
}

func (h *ShipmentHandler) routes() []route {
	return []route{
		{http.MethodPost, "/shipments", h.create},
		{http.MethodGet, "/shipments/:id", h.get},
		{http.MethodPost, "/shipments/:id/documents", h.attachDocument},
		{http.MethodPost, "/shipments/:id/submit", h.submit},
		{http.MethodPost, "/shipments/:id/deposits", h.deposit},
		{http.MethodPost, "/shipments/:id/cancel", h.cancel},
		{http.MethodPost, "/shipments/:id/amendments", h.amend},
		{http.MethodPost, "/shipments/:id/inspections", h.requestInspection},
	}
}

func (h *ShipmentHandler) create(c *gin.Context) {
	var in shipments.CreateInput
	if err := c.ShouldBindJSON(&in); err != nil {
		bindError(c, err)
		return
	}
	res, err := h.shipments.Create(c.Request.Context(), importerID(c), c.GetHeader("Idempotency-Key"), in)
	if err != nil {
		writeError(c, err)
		return
	}
	if res.Replayed {
		c.Header("Idempotent-Replayed", "true")
	}
	c.JSON(http.StatusCreated, res)
}

func (h *ShipmentHandler) get(c *gin.Context) {
	sh, err := h.shipments.Get(c.Request.Context(), importerID(c), c.Param("id"))
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, sh)
}

func (h *ShipmentHandler) attachDocument(c *gin.Context) {
	var in shipments.DocumentInput
	if err := c.ShouldBindJSON(&in); err != nil {
		bindError(c, err)
		return
	}
	doc, err := h.shipments.AttachDocument(c.Request.Context(), importerID(c), c.Param("id"), in)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, doc)
}

func (h *ShipmentHandler) submit(c *gin.Context) {
	res, err := h.shipments.Submit(c.Request.Context(), importerID(c), c.Param("id"))
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusAccepted, res)
}

func (h *ShipmentHandler) deposit(c *gin.Context) {
	var in payments.DepositInput
	if err := c.ShouldBindJSON(&in); err != nil {
		bindError(c, err)
		return
	}
	dep, err := h.payments.TakeDeposit(c.Request.Context(), importerID(c), c.Param("id"), in)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, dep)
}

type cancelBody struct {
	Reason string `json:"reason" binding:"required,max=500"`
}

func (h *ShipmentHandler) cancel(c *gin.Context) {
	var in cancelBody
	if err := c.ShouldBindJSON(&in); err != nil {
		bindError(c, err)
		return
	}
	if err := h.shipments.Cancel(c.Request.Context(), importerID(c), c.Param("id"), in.Reason); err != nil {
		writeError(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (h *ShipmentHandler) amend(c *gin.Context) {
	var in declarations.AmendInput
	if err := c.ShouldBindJSON(&in); err != nil {
		bindError(c, err)
		return
	}
	amd, err := h.declarations.Amend(c.Request.Context(), importerID(c), c.Param("id"), in)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusAccepted, amd)
}

func (h *ShipmentHandler) requestInspection(c *gin.Context) {
	var in inspections.VoluntaryInput
	if err := c.ShouldBindJSON(&in); err != nil {
		bindError(c, err)
		return
	}
	insp, err := h.inspections.RequestVoluntary(c.Request.Context(), importerID(c), c.Param("id"), in)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusAccepted, insp)
}
