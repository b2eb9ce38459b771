package api

import (
	"database/sql"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"example.com/shop/store"
)

// RefundHandler returns the POST /orders/{id}/refunds handler. The refund
// number is made from the clock, so a retried request refunds twice.
func RefundHandler(db *sql.DB) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		amount, err := strconv.ParseInt(r.FormValue("amount_cents"), 10, 64)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		tx, err := db.BeginTx(r.Context(), nil)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		defer tx.Rollback()
		refundNo := fmt.Sprintf("RF-%d", time.Now().UnixNano()) // finding: IDEM001 fix: r.Header.Get("Idempotency-Key")
		if _, err := tx.ExecContext(r.Context(),
			"INSERT INTO refunds (refund_no, order_id, amount_cents) VALUES ($1, $2, $3)",
			refundNo, r.PathValue("id"), amount); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		if _, err := tx.ExecContext(r.Context(),
			"UPDATE orders SET refunded_cents = refunded_cents + $1, updated_at = $2 WHERE id = $3",
			amount, time.Now(), r.PathValue("id")); err != nil { // safe: time.Now() is a timestamp in an UPDATE
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		if err := tx.Commit(); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.WriteHeader(http.StatusCreated)
	}
}

// CartRoutes registers the cart handlers, written as closures over the
// repository.
func CartRoutes(r *gin.Engine, orders *store.Orders) {
	r.POST("/orders/:id/lines", func(c *gin.Context) {
		qty, _ := strconv.Atoi(c.PostForm("quantity"))
		line := store.LineItem{
			ID:       uuid.NewString(), // finding: IDEM001 fix: c.GetHeader("Idempotency-Key")
			OrderID:  c.Param("id"),
			SKU:      c.PostForm("sku"),
			Quantity: qty,
		}
		if err := orders.AddLine(c.Request.Context(), line); err != nil {
			c.JSON(http.StatusInternalServerError, gin.H{"error": err.Error()})
			return
		}
		c.JSON(http.StatusCreated, gin.H{"id": line.ID})
	})
	r.POST("/orders/:id/events", func(c *gin.Context) {
		trace := uuid.NewString() // safe: a correlation value in a non-identity column (order_events.trace)
		if err := orders.RecordEvent(c.Request.Context(), c.Param("id"), c.PostForm("kind"), trace); err != nil {
			c.JSON(http.StatusInternalServerError, gin.H{"error": err.Error()})
			return
		}
		c.Status(http.StatusNoContent)
	})
}
