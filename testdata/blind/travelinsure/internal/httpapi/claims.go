package httpapi

import (
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/skyguard-travel/policyhub/internal/claims"
	"github.com/skyguard-travel/policyhub/internal/models"
)

type claimHandlers struct {
	svc  claims.Service
	docs claims.DocumentService
	log  *slog.Logger
}

type submitClaimRequest struct {
	PolicyID     uuid.UUID `json:"policy_id" binding:"required"`
	Type         string    `json:"type" binding:"required,oneof=medical baggage cancellation delay other"`
	IncidentDate string    `json:"incident_date" binding:"required"`
	Description  string    `json:"description" binding:"required,max=4000"`
	AmountMinor  int64     `json:"amount" binding:"required,gt=0"`
	Currency     string    `json:"currency"`
	Payee        struct {
		IBAN string `json:"iban" binding:"required"`
		Name string `json:"name" binding:"required"`
	} `json:"payee" binding:"required"`
}

type decisionRequest struct {
	Decision    string `json:"decision" binding:"required,oneof=approve reject"`
	AmountMinor int64  `json:"approved_amount"`
	Note        string `json:"note"`
	Adjuster    string `json:"adjuster" binding:"required"`
}

type claimResponse struct {
	ID             string     `json:"id"`
	ClaimNumber    string     `json:"claim_number"`
	PolicyID       string     `json:"policy_id"`
	Type           string     `json:"type"`
	Status         string     `json:"status"`
	AmountClaimed  int64      `json:"amount_claimed"`
	AmountApproved int64      `json:"amount_approved"`
	Currency       string     `json:"currency"`
	DecidedAt      *time.Time `json:"decided_at,omitempty"`
	CreatedAt      time.Time  `json:"created_at"`
}

type documentResponse struct {
	ID          string    `json:"id"`
	Kind        string    `json:"kind"`
	Filename    string    `json:"filename"`
	ContentType string    `json:"content_type"`
	SizeBytes   int64     `json:"size"`
	SHA256      string    `json:"sha256"`
	UploadedAt  time.Time `json:"uploaded_at"`
}

func toClaimResponse(cl *models.Claim) claimResponse {
	return claimResponse{
		ID:             cl.ID.String(),
		ClaimNumber:    cl.ClaimNumber,
		PolicyID:       cl.PolicyID.String(),
		Type:           cl.Type,
		Status:         string(cl.Status),
		AmountClaimed:  cl.AmountClaimedMinor,
		AmountApproved: cl.ApprovedAmountMinor,
		Currency:       cl.Currency,
		DecidedAt:      cl.DecidedAt,
		CreatedAt:      cl.CreatedAt,
	}
}

func toDocumentResponse(d *models.ClaimDocument) documentResponse {
	return documentResponse{
		ID:          d.ID.String(),
		Kind:        d.Kind,
		Filename:    d.Filename,
		ContentType: d.ContentType,
		SizeBytes:   d.SizeBytes,
		SHA256:      d.SHA256,
		UploadedAt:  d.UploadedAt,
	}
}

func (h *claimHandlers) submit(c *gin.Context) {
	var req submitClaimRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	incident, err := parseDate(req.IncidentDate)
	if err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": "incident_date: " + err.Error()})
		return
	}
	cl, err := h.svc.Submit(c.Request.Context(), partnerFrom(c).ID, claims.SubmitInput{
		PolicyID:     req.PolicyID,
		Type:         req.Type,
		IncidentDate: incident,
		Description:  req.Description,
		AmountMinor:  req.AmountMinor,
		Currency:     req.Currency,
		PayeeIBAN:    req.Payee.IBAN,
		PayeeName:    req.Payee.Name,
	})
	if err != nil {
		writeError(c, h.log, err)
		return
	}
	c.JSON(http.StatusCreated, toClaimResponse(cl))
}

func (h *claimHandlers) get(c *gin.Context) {
	id, ok := pathUUID(c, "id")
	if !ok {
		return
	}
	cl, err := h.svc.Get(c.Request.Context(), partnerFrom(c).ID, id)
	if err != nil {
		writeError(c, h.log, err)
		return
	}
	c.JSON(http.StatusOK, toClaimResponse(cl))
}

func (h *claimHandlers) upload(c *gin.Context) {
	id, ok := pathUUID(c, "id")
	if !ok {
		return
	}
	c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, claims.MaxDocumentBytes+1<<20)
	fh, err := c.FormFile("file")
	if err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": "file: " + err.Error()})
		return
	}
	if fh.Size > claims.MaxDocumentBytes {
		c.JSON(http.StatusRequestEntityTooLarge, gin.H{"error": "document too large"})
		return
	}
	f, err := fh.Open()
	if err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": "file: " + err.Error()})
		return
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": "file: " + err.Error()})
		return
	}

	doc, err := h.docs.Upload(c.Request.Context(), partnerFrom(c).ID, id, claims.UploadInput{
		Kind:        c.DefaultPostForm("kind", "other"),
		Filename:    fh.Filename,
		ContentType: fh.Header.Get("Content-Type"),
		Data:        data,
	})
	if err != nil {
		writeError(c, h.log, err)
		return
	}
	c.JSON(http.StatusCreated, toDocumentResponse(doc))
}

func (h *claimHandlers) listDocuments(c *gin.Context) {
	id, ok := pathUUID(c, "id")
	if !ok {
		return
	}
	docs, err := h.docs.List(c.Request.Context(), partnerFrom(c).ID, id)
	if err != nil {
		writeError(c, h.log, err)
		return
	}
	out := make([]documentResponse, 0, len(docs))
	for i := range docs {
		out = append(out, toDocumentResponse(&docs[i]))
	}
	c.JSON(http.StatusOK, gin.H{"documents": out})
}

func (h *claimHandlers) decide(c *gin.Context) {
	id, ok := pathUUID(c, "id")
	if !ok {
		return
	}
	var req decisionRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	if req.Decision == "approve" && req.AmountMinor <= 0 {
		c.JSON(http.StatusBadRequest, gin.H{"error": "approved_amount must be positive"})
		return
	}
	cl, err := h.svc.Decide(c.Request.Context(), id, claims.Decision{
		Approve:     req.Decision == "approve",
		AmountMinor: req.AmountMinor,
		Note:        req.Note,
		Adjuster:    req.Adjuster,
	})
	if err != nil {
		writeError(c, h.log, err)
		return
	}
	c.JSON(http.StatusOK, toClaimResponse(cl))
}
