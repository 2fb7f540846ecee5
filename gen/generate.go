// Package gen holds code generated from openapi/v1.yaml. Never edit it by hand:
// change the spec and run `make generate`.
package gen

//go:generate go tool oapi-codegen -config ../openapi/oapi-codegen.yaml ../openapi/v1.yaml
//go:generate go tool oapi-codegen -config ../openapi/oapi-codegen-client.yaml ../openapi/v1.yaml
