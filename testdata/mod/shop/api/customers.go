package api

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
)

type customerRequest struct {
	Email string `json:"email" binding:"required,email"`
	Name  string `json:"name"`
}

// GinRoutes registers the customer handlers on a gin engine.
func (s *Server) GinRoutes(r *gin.Engine) {
	r.POST("/customers", s.CreateCustomer)
	r.POST("/v2/customers", s.RegisterCustomer)
}

// CreateCustomer inserts the customer with pgx under a fresh id: a retry
// registers the same person twice.
func (s *Server) CreateCustomer(c *gin.Context) {
	var req customerRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	id := uuid.NewString() // finding: IDEM001 fix: c.GetHeader("Idempotency-Key")
	_, err := s.Pool.Exec(c.Request.Context(),
		"INSERT INTO customers (id, email, name, created_at) VALUES ($1, $2, $3, $4)",
		id, req.Email, req.Name, time.Now())
	if err != nil {
		c.JSON(http.StatusInternalServerError, gin.H{"error": err.Error()})
		return
	}
	c.JSON(http.StatusCreated, gin.H{"id": id})
}

// RegisterCustomer stores a fresh id beside the caller's Idempotency-Key;
// a retry hits the conflict clause and inserts nothing.
func (s *Server) RegisterCustomer(c *gin.Context) {
	var req customerRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	key := c.GetHeader("Idempotency-Key")
	_, err := s.Pool.Exec(c.Request.Context(),
		`INSERT INTO customers (id, idempotency_key, email, name)
		 VALUES ($1, $2, $3, $4)
		 ON CONFLICT (idempotency_key) DO NOTHING`,
		uuid.NewString(), key, req.Email, req.Name) // safe: ON CONFLICT (idempotency_key) DO NOTHING with a key column
	if err != nil {
		c.JSON(http.StatusInternalServerError, gin.H{"error": err.Error()})
		return
	}
	c.Status(http.StatusAccepted)
}
