package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/renalnet/dialysis-ops/internal/supply"
)

type createOrderRequest struct {
	ClinicID  uuid.UUID `json:"clinic_id" binding:"required"`
	RequestID string    `json:"request_id" binding:"required"`
	Lines     []struct {
		SKU      string `json:"sku" binding:"required"`
		Quantity int32  `json:"quantity" binding:"required,min=1"`
	} `json:"lines" binding:"required,min=1,dive"`
}

// POST /v1/supply-orders
func (a *API) createSupplyOrder(c *gin.Context) {
	var req createOrderRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	in := supply.CreateOrderInput{ClinicID: req.ClinicID, RequestID: req.RequestID, CreatedBy: staffID(c)}
	for _, l := range req.Lines {
		in.Lines = append(in.Lines, supply.Line{SKU: l.SKU, Quantity: l.Quantity})
	}
	order, err := a.Supply.CreateOrder(c.Request.Context(), in)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusAccepted, order)
}

type createReturnRequest struct {
	SKU      string `json:"sku" binding:"required"`
	Quantity int32  `json:"quantity" binding:"required,min=1"`
	Reason   string `json:"reason" binding:"required,oneof=damaged expired recalled wrong_item overship"`
	Comment  string `json:"comment"`
}

// POST /v1/supply-orders/:orderID/returns
func (a *API) createSupplyReturn(c *gin.Context) {
	orderID, ok := pathID(c, "orderID")
	if !ok {
		return
	}
	var req createReturnRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	ret, err := a.Supply.CreateReturn(c.Request.Context(), orderID, supply.ReturnInput{
		SKU:       req.SKU,
		Quantity:  req.Quantity,
		Reason:    req.Reason,
		Comment:   req.Comment,
		CreatedBy: staffID(c),
	})
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, ret)
}
