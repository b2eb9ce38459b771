package api

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/depotworks/depot/internal/service"
)

type asnRequest struct {
	Reference  string     `json:"reference" binding:"required"`
	Carrier    string     `json:"carrier"`
	ExpectedAt *time.Time `json:"expected_at"`
	Lines      []struct {
		SKU string `json:"sku" binding:"required"`
		Qty int    `json:"qty" binding:"required,gt=0"`
	} `json:"lines" binding:"required,dive"`
}

func (s *Server) createASN(c *gin.Context) {
	var req asnRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		bad(c, err)
		return
	}
	in := service.ASNInput{Reference: req.Reference, Carrier: req.Carrier, ExpectedAt: req.ExpectedAt}
	for _, l := range req.Lines {
		in.Lines = append(in.Lines, service.ASNLineInput{SKU: l.SKU, Qty: l.Qty})
	}
	asn, created, err := s.Inbound.CreateASN(c.Request.Context(), c.GetString(ctxMerchant), in)
	if err != nil {
		fail(c, err)
		return
	}
	code := http.StatusOK
	if created {
		code = http.StatusCreated
	}
	c.JSON(code, asn)
}

type receiptRequest struct {
	LineID string `json:"asn_line_id" binding:"required"`
	ScanID string `json:"scan_id" binding:"required"`
	Qty    int    `json:"qty" binding:"required,gt=0"`
}

func (s *Server) recordReceipt(c *gin.Context) {
	var req receiptRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		bad(c, err)
		return
	}
	line, err := s.Inbound.RecordReceipt(c.Request.Context(), c.Param("id"), service.ReceiptInput{
		ASNLineID:  req.LineID,
		ScanID:     req.ScanID,
		Qty:        req.Qty,
		ReceivedBy: c.GetString(ctxStaff),
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, line)
}
