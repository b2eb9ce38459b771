package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/frostline-arena/rinkops/internal/platform"
	"github.com/frostline-arena/rinkops/internal/rentals"
)

// RentalsAPI serves the rental-counter kiosks. The kiosk firmware retries
// a request up to five times on timeouts and 5xx.
type RentalsAPI struct {
	cmds *rentals.Commands
}

func NewRentalsAPI(cmds *rentals.Commands) *RentalsAPI { return &RentalsAPI{cmds: cmds} }

func (a *RentalsAPI) routes() []route {
	return []route{
		{http.MethodPost, "/rentals", a.checkout},
		{http.MethodPost, "/rentals/:id/return", a.giveBack},
	}
}

type checkoutBody struct {
	TicketNo  string     `json:"ticket_no" binding:"required"`
	RinkID    string     `json:"rink_id" binding:"required"`
	SkateSize string     `json:"skate_size" binding:"required"`
	CardToken string     `json:"card_token" binding:"required"`
	MemberID  *uuid.UUID `json:"member_id"`
}

func (a *RentalsAPI) checkout(c *gin.Context) {
	var body checkoutBody
	if err := c.ShouldBindJSON(&body); err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	var id uuid.UUID
	err := a.cmds.Checkout.Handle(c.Request.Context(), rentals.Checkout{
		TicketNo:  body.TicketNo,
		RinkID:    body.RinkID,
		SkateSize: body.SkateSize,
		CardToken: body.CardToken,
		MemberID:  body.MemberID,
		RentalID:  &id,
	})
	if err != nil {
		platform.RespondError(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"rental_id": id, "ticket_no": body.TicketNo, "deposit_cents": rentals.DepositCents})
}

func (a *RentalsAPI) giveBack(c *gin.Context) {
	id, err := uuid.Parse(c.Param("id"))
	if err != nil {
		platform.RespondError(c, platform.ErrInvalid)
		return
	}
	var body struct {
		DamageCents int32 `json:"damage_cents"`
	}
	if err := c.ShouldBindJSON(&body); err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	if err := a.cmds.Return.Handle(c.Request.Context(), rentals.Return{RentalID: id, DamageCents: body.DamageCents}); err != nil {
		platform.RespondError(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"rental_id": id, "status": "returned"})
}
