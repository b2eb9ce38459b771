package api

import (
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/brightsmile-dental/practiceops/internal/lab"
)

// LabHandler serves lab case endpoints used by the clinical team.
type LabHandler struct {
	svc lab.Service
}

// NewLabHandler returns the handler.
func NewLabHandler(svc lab.Service) *LabHandler {
	return &LabHandler{svc: svc}
}

type placeOrderRequest struct {
	Remake   bool   `json:"remake"`
	Notes    string `json:"notes"`
	RushDays int    `json:"rush_days" binding:"min=0,max=5"`
}

// PlaceOrder handles POST /v1/lab-cases/:id/orders.
func (h *LabHandler) PlaceOrder(c *gin.Context) {
	caseID, err := uuid.Parse(c.Param("id"))
	if err != nil {
		badRequest(c, err)
		return
	}
	var req placeOrderRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	out, err := h.svc.PlaceOrder(c.Request.Context(), lab.PlaceOrderInput{
		CaseID:   caseID,
		Remake:   req.Remake,
		Notes:    req.Notes,
		RushDays: req.RushDays,
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{
		"order_id":         out.OrderID,
		"lab_order_number": out.LabOrderNumber,
		"due_date":         out.DueDate,
	})
}
