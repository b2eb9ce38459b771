package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/frostline-arena/rinkops/internal/maintenance"
	"github.com/frostline-arena/rinkops/internal/platform"
)

// MaintenanceAPI is used by the ops tablets at the ice-plant door. The
// tablet app queues submissions offline and replays them with the same
// Idempotency-Key until it gets a 2xx.
type MaintenanceAPI struct {
	cmds *maintenance.Commands
}

func NewMaintenanceAPI(cmds *maintenance.Commands) *MaintenanceAPI {
	return &MaintenanceAPI{cmds: cmds}
}

func (a *MaintenanceAPI) routes() []route {
	return []route{
		{http.MethodPost, "/maintenance/work-orders", a.open},
	}
}

type openBody struct {
	ResurfacerID string `json:"resurfacer_id" binding:"required"`
	Summary      string `json:"summary" binding:"required"`
	Priority     string `json:"priority"`
}

func (a *MaintenanceAPI) open(c *gin.Context) {
	var body openBody
	if err := c.ShouldBindJSON(&body); err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	key := platform.RequestKey(c)
	if err := a.cmds.Open.Handle(c.Request.Context(), maintenance.OpenWorkOrder{
		RequestKey:   key,
		ResurfacerID: body.ResurfacerID,
		Summary:      body.Summary,
		Priority:     body.Priority,
	}); err != nil {
		platform.RespondError(c, err)
		return
	}
	c.JSON(http.StatusAccepted, gin.H{"work_order_id": maintenance.WorkOrderID(key)})
}
