package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/shedshare/toolsd/internal/domain"
	"github.com/shedshare/toolsd/internal/service"
)

type FeeHandler struct {
	fees service.FeeService
}

func NewFeeHandler(fees service.FeeService) *FeeHandler { return &FeeHandler{fees: fees} }

// Pay charges an outstanding late fee to the member's card on file.
func (h *FeeHandler) Pay(c *gin.Context) {
	ctx := c.Request.Context()
	fee, err := h.fees.Get(ctx, c.Param("id"))
	if err != nil {
		abort(c, err)
		return
	}
	if fee.MemberID != memberID(c) {
		abort(c, domain.ErrForbidden)
		return
	}
	p, err := h.fees.Pay(ctx, fee.ID, "member")
	if err != nil {
		abort(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"fee_id": p.FeeID, "status": p.Status, "charge_id": p.ChargeID.String})
}
