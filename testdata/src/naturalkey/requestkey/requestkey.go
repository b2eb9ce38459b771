// Package requestkey inserts the caller's idempotency key where a gRPC
// call's metadata, a protobuf request's field or an API Gateway
// request's headers carry it.
package requestkey

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"

	"example.com/orderpb"
)

type Server struct {
	orderpb.UnimplementedOrderServiceServer
	db *sql.DB
}

// keyOf reads the key from the call's metadata.
func keyOf(ctx context.Context) string {
	md, _ := metadata.FromIncomingContext(ctx)
	if v := md.Get("idempotency-key"); len(v) > 0 {
		return v[0]
	}
	return ""
}

func (s *Server) CreateOrder(ctx context.Context, in *orderpb.CreateOrderRequest) (*orderpb.Order, error) {
	if _, err := s.db.ExecContext(ctx, "INSERT INTO order_requests (idem_key, customer) VALUES ($1, $2)", keyOf(ctx), in.GetCustomerId()); err != nil { // want `the same idem_key again, .* no conflict handling for request's idempotency key`
		return nil, err
	}
	return &orderpb.Order{}, nil
}

// The metadata entry read by indexing, and the request's own field.
func (s *Server) Place(ctx context.Context, in *orderpb.CreateOrderRequest) error {
	md, _ := metadata.FromIncomingContext(ctx)
	if _, err := s.db.ExecContext(ctx, "INSERT INTO order_requests (idem_key) VALUES ($1)", md["idempotency-key"][0]); err != nil { // want `no conflict handling for request's idempotency key`
		return err
	}
	_, err := s.db.ExecContext(ctx, "INSERT INTO order_keys (k) VALUES ($1)", in.GetIdempotencyKey()) // want `no conflict handling for request's IdempotencyKey`
	return err
}

// Negative: the conflict absorbs the retry.
func (s *Server) PlaceOnce(ctx context.Context, in *orderpb.CreateOrderRequest) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO order_requests (idem_key) VALUES ($1) ON CONFLICT (idem_key) DO NOTHING", keyOf(ctx))
	return err
}

// Negative: an entry that is no idempotency key, and a field that is
// none.
func (s *Server) Note(ctx context.Context, in *orderpb.CreateOrderRequest) error {
	md, _ := metadata.FromIncomingContext(ctx)
	if _, err := s.db.ExecContext(ctx, "INSERT INTO call_log (trace) VALUES ($1)", md["x-trace-id"][0]); err != nil {
		return err
	}
	_, err := s.db.ExecContext(ctx, "INSERT INTO customer_notes (customer) VALUES ($1)", in.GetCustomerId())
	return err
}

func Serve(g *grpc.Server, db *sql.DB) {
	orderpb.RegisterOrderServiceServer(g, &Server{db: db})
}

var db *sql.DB

// An API Gateway request's header.
func handle(ctx context.Context, req events.APIGatewayProxyRequest) (events.APIGatewayProxyResponse, error) {
	if _, err := db.ExecContext(ctx, "INSERT INTO payments (idem_key, body) VALUES ($1, $2)", req.Headers["Idempotency-Key"], req.Body); err != nil { // want `no conflict handling for request's idempotency key`
		return events.APIGatewayProxyResponse{StatusCode: http.StatusInternalServerError}, err
	}
	return events.APIGatewayProxyResponse{StatusCode: http.StatusCreated}, nil
}

func main() {
	lambda.Start(handle)
}

type placeRequest struct {
	OrderID string `json:"order_id"`
}

// decode reads the request's body.
func decode(w http.ResponseWriter, r *http.Request) (placeRequest, bool) {
	var req placeRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return req, false
	}
	return req, true
}

// What a helper of the package decodes from the request is the
// caller's, as what the handler decodes itself is.
func place(w http.ResponseWriter, r *http.Request) {
	req, ok := decode(w, r)
	if !ok {
		return
	}
	if _, err := db.ExecContext(r.Context(), "INSERT INTO orders (id) VALUES ($1)", req.OrderID); err != nil { // want `the same id again, .* no conflict handling for the caller-known id`
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
