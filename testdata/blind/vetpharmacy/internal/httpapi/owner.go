package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/kestrelvet/refillrx/internal/httpapi/middleware"
	"github.com/kestrelvet/refillrx/internal/orders"
	"github.com/kestrelvet/refillrx/internal/refills"
)

// OwnerHandler serves the pet-owner mobile app.
type OwnerHandler struct {
	refills RefillService
	orders  OrderService
}

func NewOwnerHandler(r RefillService, o OrderService) *OwnerHandler {
	return &OwnerHandler{refills: r, orders: o}
}

type refillRequestBody struct {
	Quantity int32  `json:"quantity" binding:"min=0,max=365"`
	Note     string `json:"note" binding:"max=500"`
}

// RequestRefill handles POST /v1/prescriptions/:id/refills.
func (h *OwnerHandler) RequestRefill(c *gin.Context) {
	var body refillRequestBody
	if !bindJSON(c, &body) {
		return
	}
	rr, err := h.refills.Request(c.Request.Context(), refills.RequestInput{
		OwnerID:        middleware.PrincipalOf(c).OwnerID,
		PrescriptionID: c.Param("id"),
		Quantity:       body.Quantity,
		Note:           body.Note,
	})
	if err != nil {
		_ = c.Error(err)
		return
	}
	ok(c, http.StatusCreated, toRefillView(rr))
}

type createOrderBody struct {
	Items []orders.Item `json:"items" binding:"required,min=1,max=10,dive"`
}

// CreateOrder handles POST /v1/orders for over-the-counter products.
func (h *OwnerHandler) CreateOrder(c *gin.Context) {
	var body createOrderBody
	if !bindJSON(c, &body) {
		return
	}
	o, err := h.orders.CreateOTC(c.Request.Context(), middleware.PrincipalOf(c).OwnerID, body.Items)
	if err != nil {
		_ = c.Error(err)
		return
	}
	ok(c, http.StatusCreated, toOrderView(o))
}

type checkoutBody struct {
	PaymentMethod string `json:"payment_method"`
}

// Checkout handles POST /v1/orders/:id/checkout.
func (h *OwnerHandler) Checkout(c *gin.Context) {
	var body checkoutBody
	if !bindJSON(c, &body) {
		return
	}
	res, err := h.orders.Checkout(c.Request.Context(), middleware.PrincipalOf(c).OwnerID, c.Param("id"), body.PaymentMethod)
	if err != nil {
		_ = c.Error(err)
		return
	}
	ok(c, http.StatusOK, res)
}
