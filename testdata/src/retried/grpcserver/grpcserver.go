// Package grpcserver registers another package's gRPC service: its
// methods are roots, found here.
package grpcserver

import (
	"google.golang.org/grpc"

	"retried/grpcsvc"
)

func Run() {
	s := &grpc.Server{}
	grpcsvc.RegisterOrdersServer(s, &grpcsvc.Service{}) // want `root: gRPC method Service.Create`
}
