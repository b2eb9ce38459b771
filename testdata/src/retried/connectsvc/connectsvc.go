// Package connectsvc serves a Connect service, and calls it through the
// client its generator writes.
package connectsvc

import (
	"context"

	"connectrpc.com/connect"
)

type CreateRequest struct{ Name string }

type CreateResponse struct{ ID string }

// Server implements the service.
type Server struct{}

func (s *Server) Create(ctx context.Context, req *connect.Request[CreateRequest]) (*connect.Response[CreateResponse], error) { // want `root: Connect handler Server.Create`
	return connect.NewResponse(&CreateResponse{}), nil
}

// client is the generated client: its methods share the handlers'
// shape, and send the request.
type client struct {
	create *connect.Client[CreateRequest, CreateResponse]
}

func (c *client) Create(ctx context.Context, req *connect.Request[CreateRequest]) (*connect.Response[CreateResponse], error) {
	return c.create.CallUnary(ctx, req)
}
