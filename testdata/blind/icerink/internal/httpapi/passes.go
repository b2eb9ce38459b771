package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/frostline-arena/rinkops/internal/passes"
	"github.com/frostline-arena/rinkops/internal/platform"
)

// PassesAPI is used by the member app; its HTTP client retries POSTs on
// network errors and 502/503/504.
type PassesAPI struct {
	cmds *passes.Commands
	repo passes.Repository
}

func NewPassesAPI(cmds *passes.Commands, repo passes.Repository) *PassesAPI {
	return &PassesAPI{cmds: cmds, repo: repo}
}

func (a *PassesAPI) routes() []route {
	return []route{
		{http.MethodPost, "/season-passes", a.purchase},
	}
}

type purchaseBody struct {
	MemberID uuid.UUID `json:"member_id" binding:"required"`
	Season   string    `json:"season" binding:"required"`
	Tier     string    `json:"tier" binding:"required"`
}

func (a *PassesAPI) purchase(c *gin.Context) {
	var body purchaseBody
	if err := c.ShouldBindJSON(&body); err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	ctx := c.Request.Context()
	if err := a.cmds.Purchase.Handle(ctx, passes.Purchase{
		MemberID: body.MemberID,
		Season:   body.Season,
		Tier:     body.Tier,
	}); err != nil {
		platform.RespondError(c, err)
		return
	}
	p, err := a.repo.PassForMember(ctx, body.MemberID, body.Season)
	if err != nil {
		platform.RespondError(c, err)
		return
	}
	c.JSON(http.StatusCreated, p)
}
