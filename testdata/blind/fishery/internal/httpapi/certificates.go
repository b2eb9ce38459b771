package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/kelpline-systems/quotareg/internal/ports"
)

// CertificateHandlers serve exporters' back-office systems, which retry on
// 5xx and timeouts.
type CertificateHandlers struct {
	Certificates ports.CertificateService
}

func NewCertificateHandlers(s ports.CertificateService) *CertificateHandlers {
	return &CertificateHandlers{Certificates: s}
}

func (h *CertificateHandlers) Register(rg *gin.RouterGroup) {
	rg.POST("/export-certificates", h.Request)
	rg.GET("/export-certificates/:id/clearance", h.Clearance)
}

type certificateRequest struct {
	ExporterID   uuid.UUID `json:"exporter_id" binding:"required"`
	ExporterEORI string    `json:"exporter_eori" binding:"required"`
	ClientRef    string    `json:"client_ref" binding:"required"`
	CatchLotID   uuid.UUID `json:"catch_lot_id" binding:"required"`
	WeightKg     int64     `json:"weight_kg" binding:"required,gt=0"`
	DestCountry  string    `json:"dest_country" binding:"required,len=2"`
}

func (h *CertificateHandlers) Request(c *gin.Context) {
	var req certificateRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	cert, err := h.Certificates.Request(c.Request.Context(), ports.CertificateInput(req))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, cert)
}

func (h *CertificateHandlers) Clearance(c *gin.Context) {
	id, err := uuid.Parse(c.Param("id"))
	if err != nil {
		badRequest(c, err)
		return
	}
	status, err := h.Certificates.ClearanceStatus(c.Request.Context(), id)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"status": status})
}
