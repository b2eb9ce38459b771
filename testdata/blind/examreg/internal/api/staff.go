package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/lexicaassess/examreg/internal/commands"
	"github.com/lexicaassess/examreg/internal/platform/bus"
)

// StaffHandlers serves the support console.
type StaffHandlers struct {
	bus *bus.Bus
}

type reissueBody struct {
	Reason string `json:"reason" binding:"required,oneof=lost_in_post damaged address_change name_correction"`
}

// Reissue handles POST /staff/v1/certificates/:id/reissue.
func (h *StaffHandlers) Reissue(c *gin.Context) {
	var body reissueBody
	if err := c.ShouldBindJSON(&body); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	cmd := &commands.ReissueCertificate{
		CertificateID: c.Param("id"),
		Reason:        body.Reason,
		RequestedBy:   c.GetString(ctxStaff),
	}
	if err := bus.Dispatch(c.Request.Context(), h.bus, cmd); err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusAccepted, gin.H{"partner_reference": cmd.PartnerRef})
}
