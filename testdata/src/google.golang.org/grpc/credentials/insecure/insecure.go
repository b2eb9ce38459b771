// Package insecure is a stub of google.golang.org/grpc/credentials/insecure v1.85.0 for analysistest.
package insecure

import (
	"context"
	"net"

	"google.golang.org/grpc/credentials"
)

type insecureTC struct{}

func (insecureTC) ClientHandshake(ctx context.Context, _ string, conn net.Conn) (net.Conn, credentials.AuthInfo, error) {
	return conn, nil, nil
}
func (insecureTC) ServerHandshake(conn net.Conn) (net.Conn, credentials.AuthInfo, error) {
	return conn, nil, nil
}
func (insecureTC) Info() credentials.ProtocolInfo {
	return credentials.ProtocolInfo{SecurityProtocol: "insecure"}
}
func (insecureTC) Clone() credentials.TransportCredentials { return insecureTC{} }
func (insecureTC) OverrideServerName(string) error         { return nil }

func NewCredentials() credentials.TransportCredentials { return insecureTC{} }
