#!/bin/sh
# Procedural 6 s seamless loop (every time term is a multiple of 2*PI*T/6).
P='(PI*T/3)'
D='(Y-150)'
GV="if(gt(Y,151),pow(abs(cos(PI*(X-320)*3/$D)),120)*pow($D/210,1.2),0)"
GH="if(gt(Y,151),pow(abs(cos(PI*(900/$D-T/3))),120)*pow($D/210,1.2),0)"
SKY="pow((sin(X/70+$P)+sin(Y/45-$P)+sin((X+Y)/90+2*$P)+sin(hypot(X-320,Y-60)/35-2*$P)+4)/8,3)*max(0.15,1-Y/190)"
M="((1+sin(X/110+Y/200-$P))/2)"
HZ="exp(-abs(Y-150)/12)*(0.6+0.4*sin(X/60-2*$P))"
SP="exp(-(pow(X-320-120*sin($P),2)/30000+pow(Y-150,2)/6000))"
ch() { echo "min(255,$1+$SKY*($2*$M+$3*(1-$M))*0.9+$GV*$2*0.9+$GH*$3*0.8+$HZ*$3*0.8+$SP*$2*0.35)"; }
R=$(ch 5 34 168); G=$(ch 6 211 85); B=$(ch 14 238 247)
ffmpeg -y -hide_banner -loglevel error -f lavfi -i "color=c=black:s=640x360:r=30:d=6,format=gbrp" \
  -vf "geq=r='$R':g='$G':b='$B',split[a][b];[b]gblur=sigma=12[g];[a][g]blend=all_mode=screen,vignette=angle=PI/4.5,noise=alls=3:allf=t,format=yuv420p" \
  -an -c:v ffv1 master.mkv
