// Package api is the shop's HTTP API: plain net/http handlers for orders,
// gin handlers for customers and echo handlers for shipments.
package api

import (
	"database/sql"
	"encoding/json"
	"net/http"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/shop/store"
)

// Server holds the dependencies of every handler.
type Server struct {
	DB     *sql.DB
	Pool   *pgxpool.Pool
	Orders *store.Orders
	Tasks  *asynq.Client
}

// orderRequest is the body of POST /orders.
type orderRequest struct {
	CustomerID string `json:"customer_id"`
	TotalCents int64  `json:"total_cents"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
