package httpapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/shedshare/toolsd/internal/service"
)

type ReservationHandler struct {
	svc service.ReservationService
}

func NewReservationHandler(svc service.ReservationService) *ReservationHandler {
	return &ReservationHandler{svc: svc}
}

type createReservationRequest struct {
	ToolID     string    `json:"tool_id" binding:"required"`
	PickupFrom time.Time `json:"pickup_from"`
	LoanDays   int       `json:"loan_days"`
}

// Create reserves a tool. The app sends an Idempotency-Key header per
// reservation attempt.
func (h *ReservationHandler) Create(c *gin.Context) {
	var req createReservationRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	res, created, err := h.svc.Create(c.Request.Context(), service.CreateReservationInput{
		MemberID:       memberID(c),
		ToolID:         req.ToolID,
		PickupFrom:     req.PickupFrom,
		LoanDays:       req.LoanDays,
		IdempotencyKey: c.GetHeader("Idempotency-Key"),
	})
	if err != nil {
		abort(c, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	c.JSON(status, res)
}

func (h *ReservationHandler) Cancel(c *gin.Context) {
	res, err := h.svc.Cancel(c.Request.Context(), memberID(c), c.Param("id"))
	if err != nil {
		abort(c, err)
		return
	}
	c.JSON(http.StatusOK, res)
}

// Checkout converts the reservation into a loan and starts its workflow.
func (h *ReservationHandler) Checkout(c *gin.Context) {
	loan, err := h.svc.Checkout(c.Request.Context(), memberID(c), c.Param("id"))
	if err != nil {
		abort(c, err)
		return
	}
	c.JSON(http.StatusOK, loan)
}
