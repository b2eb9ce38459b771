package httpapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/frostline-arena/rinkops/internal/leagues"
	"github.com/frostline-arena/rinkops/internal/platform"
)

type LeaguesAPI struct {
	cmds *leagues.Commands
}

func NewLeaguesAPI(cmds *leagues.Commands) *LeaguesAPI { return &LeaguesAPI{cmds: cmds} }

func (a *LeaguesAPI) routes() []route {
	return []route{
		{http.MethodPost, "/ice-requests", a.requestIce},
		{http.MethodPost, "/ice-requests/:id/approve", a.approve},
		{http.MethodPost, "/ice-bookings/:id/cancel", a.cancel},
	}
}

type iceRequestBody struct {
	TeamID   uuid.UUID `json:"team_id" binding:"required"`
	RinkID   string    `json:"rink_id" binding:"required"`
	StartsAt time.Time `json:"starts_at" binding:"required"`
	EndsAt   time.Time `json:"ends_at" binding:"required"`
	Note     string    `json:"note"`
}

// requestIce is called by the team-captain portal.
func (a *LeaguesAPI) requestIce(c *gin.Context) {
	var body iceRequestBody
	if err := c.ShouldBindJSON(&body); err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	id := uuid.New()
	err := a.cmds.RequestIceTime.Handle(c.Request.Context(), leagues.RequestIceTime{
		ID:       id,
		TeamID:   body.TeamID,
		RinkID:   body.RinkID,
		StartsAt: body.StartsAt,
		EndsAt:   body.EndsAt,
		Note:     body.Note,
	})
	if err != nil {
		platform.RespondError(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"id": id, "status": "pending"})
}

type approveBody struct {
	AmountCents int32  `json:"amount_cents"`
	ApprovedBy  string `json:"approved_by" binding:"required"`
}

func (a *LeaguesAPI) approve(c *gin.Context) {
	id, err := uuid.Parse(c.Param("id"))
	if err != nil {
		platform.RespondError(c, platform.ErrInvalid)
		return
	}
	var body approveBody
	if err := c.ShouldBindJSON(&body); err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	if err := a.cmds.Approve.Handle(c.Request.Context(), leagues.ApproveIceRequest{
		RequestID:   id,
		AmountCents: body.AmountCents,
		ApprovedBy:  body.ApprovedBy,
	}); err != nil {
		platform.RespondError(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"booking_id": id, "status": "confirmed"})
}

func (a *LeaguesAPI) cancel(c *gin.Context) {
	id, err := uuid.Parse(c.Param("id"))
	if err != nil {
		platform.RespondError(c, platform.ErrInvalid)
		return
	}
	var body struct {
		Reason string `json:"reason"`
	}
	_ = c.ShouldBindJSON(&body)
	if err := a.cmds.Cancel.Handle(c.Request.Context(), leagues.CancelBooking{BookingID: id, Reason: body.Reason}); err != nil {
		platform.RespondError(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"booking_id": id, "status": "cancelled"})
}
