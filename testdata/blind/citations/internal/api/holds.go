package api

import (
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/riverqueue/river"

	"github.com/harborcity/citeproc/internal/jobargs"
	"github.com/harborcity/citeproc/internal/service"
)

// AdminHandler serves clerk operations on holds and imports.
type AdminHandler struct {
	holds *service.HoldService
	jobs  service.Enqueuer
}

func NewAdminHandler(holds *service.HoldService, jobs service.Enqueuer) *AdminHandler {
	return &AdminHandler{holds: holds, jobs: jobs}
}

func (h *AdminHandler) Register(_, clerk, _ *gin.RouterGroup) {
	clerk.POST("/holds/:id/release", h.releaseHold)
	clerk.POST("/admin/imports", h.requestImport)
}

type releaseBody struct {
	Reason string `json:"reason" binding:"required"`
}

func (h *AdminHandler) releaseHold(c *gin.Context) {
	var body releaseBody
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	hold, err := h.holds.Release(c.Request.Context(), c.Param("id"), body.Reason, actor(c, "clerk"))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, hold)
}

type importBody struct {
	Vendor    string `json:"vendor" binding:"required"`
	BatchDate string `json:"batch_date" binding:"required"`
}

// requestImport queues a (re)import of a vendor batch, e.g. after the
// vendor republished a corrected file.
func (h *AdminHandler) requestImport(c *gin.Context) {
	var body importBody
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	if _, err := jobargs.ParseDate(body.BatchDate); err != nil {
		badRequest(c, err)
		return
	}
	err := h.jobs.Enqueue(c.Request.Context(), jobargs.VendorImport{Vendor: body.Vendor, BatchDate: body.BatchDate},
		&river.InsertOpts{Queue: jobargs.QueueImports, UniqueOpts: river.UniqueOpts{ByArgs: true}})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusAccepted, gin.H{"queued": true})
}
