package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/fieldday/leagues/internal/service"
)

// TeamHandler serves team and roster routes.
type TeamHandler struct {
	teams service.TeamService
}

// NewTeamHandler builds the handler.
func NewTeamHandler(t service.TeamService) *TeamHandler { return &TeamHandler{teams: t} }

func (h *TeamHandler) register(r gin.IRoutes) {
	r.POST("/v1/teams/:id/roster", h.AssignPlayer)
	r.POST("/v1/divisions/:id/auto-assign", h.AutoAssign)
	r.POST("/v1/divisions/:id/rosters/publish", h.Publish)
}

type assignRequest struct {
	RegistrationID string `json:"registration_id" binding:"required"`
}

// AssignPlayer handles POST /v1/teams/:id/roster.
func (h *TeamHandler) AssignPlayer(c *gin.Context) {
	var in assignRequest
	if err := c.ShouldBindJSON(&in); err != nil {
		badRequest(c, err)
		return
	}
	a, err := h.teams.AssignPlayer(c.Request.Context(), c.Param("id"), in.RegistrationID, actor(c))
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, a)
}

// AutoAssign handles POST /v1/divisions/:id/auto-assign.
func (h *TeamHandler) AutoAssign(c *gin.Context) {
	if err := h.teams.RequestAutoAssign(c.Request.Context(), c.Param("id")); err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusAccepted, gin.H{"status": "queued"})
}

// Publish handles POST /v1/divisions/:id/rosters/publish.
func (h *TeamHandler) Publish(c *gin.Context) {
	res, err := h.teams.PublishRosters(c.Request.Context(), c.Param("id"))
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, res)
}
